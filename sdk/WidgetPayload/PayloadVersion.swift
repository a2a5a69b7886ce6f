import WidgetABI

/// The version of the JSON documents a bundle hands to the host (`payload.h`).
public enum PayloadVersion {
    /// The version this build writes and the newest it reads: `WK_PAYLOAD_VERSION`, the one
    /// definition, in the C header.
    public static let current = Int(WK_PAYLOAD_VERSION)
}
