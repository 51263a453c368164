// Noncopyable values live in the box and noncopyable results leave it.
// mutex: same
import SafeBox

struct FileDescriptor: ~Copyable {
    let raw: Int32
    consuming func close() -> Int32 { raw }
}

struct Token: ~Copyable { let id: Int }

let descriptor = SafeBox(FileDescriptor(raw: 3))

func issueToken() -> Token {
    descriptor.withLock { fd in Token(id: Int(fd.raw)) }
}

func replaceDescriptor() -> Int32 {
    descriptor.withLock { fd in
        let old = fd.raw
        fd = FileDescriptor(raw: old + 1)
        return old
    }
}
