// Apps that serve screens throw and read the protocol types (errors, intent requests).
@_exported import ScreenplayDSL
@_exported import ScreenplayProtocol
