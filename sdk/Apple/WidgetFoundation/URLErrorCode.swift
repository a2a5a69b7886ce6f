import Foundation

extension URLError.Code {
    /// A code from its number, as Apple's Foundation makes one (`URLError(URLError.Code(rawValue:
    /// httpStatus))`): there the initializer cannot fail, and here, where `Code` is an enum, it
    /// can. A number with no case of its own is `.unknown`.
    @_disfavoredOverload
    public init(rawValue: Int) {
        let known: URLError.Code? = URLError.Code(rawValue: rawValue)
        self = known ?? .unknown
    }
}
