/// One entity an entity parameter may name, as `wk_widget_t.entity_options` offers it: the
/// identifier a configuration stores (`value`) and what a person picks it by (`title`).
///
/// The same shape as an enum's option in the schema, so the same type: a host shows both in one
/// list, and a configuration spells either as its `value`.
public typealias EntityOption = ParameterOption
