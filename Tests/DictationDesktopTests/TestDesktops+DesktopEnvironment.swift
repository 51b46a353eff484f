import DictationDesktop
import DictationTestSupport

extension X11TestDisplay {
    /// The desktop of this display, as `DictationDesktop` sees it.
    var environment: DesktopEnvironment { DesktopEnvironment(variables: variables) }
}

extension WaylandTestDesktop {
    /// The desktop of this compositor, as `DictationDesktop` sees it.
    var environment: DesktopEnvironment { DesktopEnvironment(variables: variables) }
}
