// An app that embeds ThreadAI imports this one module and gets the store and the harness with it.
@_exported import ThreadAIProviders
@_exported import ThreadAIStore
