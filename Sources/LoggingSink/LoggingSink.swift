// LoggingSink is built in its own issue; this module is intentionally empty
// until then so the package layout is in place.
import SafeBox
