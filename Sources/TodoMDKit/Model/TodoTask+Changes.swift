import Foundation

extension TodoTask {
    /// Applies field changes to the model, as ``TaskFileCodec/apply(_:body:to:id:fileModified:timeZone:)``
    /// applies them to the file. A removed key takes its default.
    public mutating func apply(_ changes: TaskChanges) {
        for (field, change) in changes.values {
            set(field, change)
        }
    }

    /// Sets one field from a ``FieldValue`` (nil or `.null` = absent / default).
    public mutating func set(_ field: TaskField, _ value: FieldValue?) {
        field.spec.set(value, on: &self)
    }

    /// The value of one field (nil when absent; defaults are values).
    public func value(of field: TaskField) -> FieldValue? { field.spec.value(of: self) }
}
