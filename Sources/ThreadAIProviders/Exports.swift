// What the providers's public API shows of the support module (`Remedy` in errors) is visible to
// every client of the providers.
@_exported import ThreadAISupport
