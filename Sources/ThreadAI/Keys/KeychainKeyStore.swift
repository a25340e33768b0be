#if canImport(Security)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Security

/// Keys in the login Keychain, as generic passwords of the service `threadai`, one account per
/// provider. Used on Apple platforms; `THREADAI_KEY_STORE=file` selects the file store instead.
public struct KeychainKeyStore: KeyStore {
    public static let service = "threadai"

    public init() {}

    public var location: String { "the Keychain (service \(Self.service))" }

    public func key(for provider: ProviderKind) throws(KeyStoreError) -> Credential? {
        var query = baseQuery(provider)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else {
            throw .keychain(operation: "read the \(provider) key", status: status)
        }
        return Credential(String(decoding: data, as: UTF8.self))
    }

    public func setKey(_ secret: String, for provider: ProviderKind) throws(KeyStoreError) {
        guard provider != .offline else { throw .noKeyNeeded(provider) }
        let data = Data(try KeyStores.checked(secret).utf8)
        let update: [String: Any] = [kSecValueData as String: data]
        var status = SecItemUpdate(baseQuery(provider) as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var item = baseQuery(provider)
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
            item[kSecAttrLabel as String] = "ThreadAI \(provider) API key"
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw .keychain(operation: "store the \(provider) key", status: status) }
    }

    public func removeKey(for provider: ProviderKind) throws(KeyStoreError) -> Bool {
        let status = SecItemDelete(baseQuery(provider) as CFDictionary)
        if status == errSecItemNotFound { return false }
        guard status == errSecSuccess else { throw .keychain(operation: "remove the \(provider) key", status: status) }
        return true
    }

    private func baseQuery(_ provider: ProviderKind) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: provider.rawValue,
        ]
    }
}
#endif
