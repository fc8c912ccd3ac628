// Apps that use the runtime read the protocol types it returns (intent answers, stream messages, errors).
@_exported import ScreenplayProtocol
