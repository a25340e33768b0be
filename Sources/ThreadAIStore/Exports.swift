// What the store's public API shows of the support module (`Remedy` in errors) is visible to
// every client of the store.
@_exported import ThreadAISupport
