import DictationDesktop
import Testing

/// The desktop is read from the environment as a user's session sets it.
@Suite(.timeLimit(.minutes(25)))
struct DesktopEnvironmentTests {
    @Test func waylandIsTheSessionTypeOrADisplayWithoutOne() {
        #expect(DesktopEnvironment(variables: ["XDG_SESSION_TYPE": "wayland"]).isWayland)
        #expect(!DesktopEnvironment(variables: ["XDG_SESSION_TYPE": "x11", "WAYLAND_DISPLAY": "wayland-0"]).isWayland)
        #expect(DesktopEnvironment(variables: ["WAYLAND_DISPLAY": "wayland-0"]).isWayland)
        #expect(!DesktopEnvironment(variables: ["DISPLAY": ":0", "WAYLAND_DISPLAY": ""]).isWayland)
    }

    @Test func toolsAreFoundOnThePath() {
        let environment = DesktopEnvironment(variables: ["PATH": "/nonexistent:/bin"])
        #expect(environment.tool(named: "sh") == "/bin/sh")
        #expect(environment.tool(named: "no-such-tool-here") == nil)
    }
}
