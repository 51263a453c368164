// The swift-log bridge is built with LoggingSink; intentionally empty until then.
import LoggingSink
