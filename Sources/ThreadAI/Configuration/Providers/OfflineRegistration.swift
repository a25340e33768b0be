extension ProviderKind {
    /// The built-in model: no key, no network.
    public static let offline = ProviderKind(registering: "offline")
}

extension ProviderRegistration {
    /// The built-in model (`ThreadAIProviders/Offline`); `ProviderSettings.makeProvider` makes it.
    public static let offline = ProviderRegistration(
        kind: .offline, defaultModel: OfflineProvider.modelName, takesKey: false, connect: nil)
}
