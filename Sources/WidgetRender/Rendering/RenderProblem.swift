/// Something wrong in a drawing that did not stop it: reported, and drawn around.
public enum RenderProblem: Sendable, Hashable, CustomStringConvertible {
    /// An image the view names could not be drawn; a placeholder box stands in for it.
    case asset(AssetError)
    /// The entry's view was refused; its content card was drawn with an error badge.
    case view(String)

    public var description: String {
        switch self {
        case .asset(let error): error.description
        case .view(let error): "the entry's view was refused, so its content card was drawn: \(error)"
        }
    }
}
