// Reads through a pointer to memory that was freed and unmapped.
import Glibc


@main
enum Program {
    static func main() {
        let page = mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        let session = page.bindMemory(to: Int.self, capacity: 1)
        session.pointee = 7
        munmap(page, 4096)
        print("token:", session.pointee)
    }
}
