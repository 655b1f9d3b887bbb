// Placeholder while the target is being written.
