// The isolation probe is built in its own issue. Until then it says so
// instead of pretending to report anything.
import Foundation
FileHandle.standardError.write(Data("isolation-probe: not implemented yet\n".utf8))
exit(1)
