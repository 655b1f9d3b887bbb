/// Releases the strong object reference stored at `address`.
func releaseObject(at address: UnsafeMutableRawPointer) {
    unsafe Unmanaged<AnyObject>.fromOpaque(address.load(as: UnsafeRawPointer.self)).release()
}
