/// A heap box for values whose alignment the instance storage cannot honour.
@usableFromInline
final class Box<T> {
    @usableFromInline let value: T
    @usableFromInline init(_ value: T) { self.value = value }
}
