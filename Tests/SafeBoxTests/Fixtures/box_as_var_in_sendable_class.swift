// A Sendable class may not hold a box in a `var`: both the stored-property
// check and the let-only rule reject it.
// mutex: same
import SafeBox

final class Registry: Sendable {
    var names = SafeBox<[String]>([]) // expected-error: variable of type 'SafeBox<[String]>' must be declared with a 'let' // expected-error: stored property 'names' of 'Sendable'-conforming class 'Registry' is mutable
}
