import DictationTestSupport

extension TestMicrophone {
    /// The environment `dictate` needs to see the test device: the tests' own, with this
    /// microphone's ALSA configuration.
    var environment: [String: String] {
        DictateProcess.environment.merging(alsaEnvironment) { $1 }
    }

}
