/// The version of the JSON documents a bundle hands to the host (`payload.h`).
public enum PayloadVersion {
    /// The version this build writes and the newest it reads.
    public static let current = 1
}
