// `GET /v1/home` serves `HomeLayoutJSON` (WidgetHostJSON), the shape `widgethost home list
// --format json` prints too.

/// `DELETE /v1/home/placements/{id}`: whether the instance had a place to forget.
struct HomeUnplacedShape: Encodable {
    let instance: String
    let removed: Bool
}
