extension SwiftNaming {
    /// The public top-level types of Foundation whose names don't start with `NS`: a model of the same name makes the
    /// name ambiguous in every file of the app that imports Foundation and the models (`'Notification' is ambiguous
    /// for type lookup in this context`), since neither module's type hides the other's. The types of Swift 6.3's
    /// `Foundation`, `FoundationEssentials`, `FoundationInternationalization` and `FoundationNetworking`, as
    /// `swift-symbolgraph-extract` lists them; `ReservedNamesTests` checks the list against the toolchain's.
    static let foundationTypeNames: Set<String> = [
        "AffineTransform", "AlignmentOptions", "AttributeContainer", "AttributeDynamicLookup", "AttributeScope",
        "AttributeScopeCodableConfiguration", "AttributeScopes", "AttributedString",
        "AttributedStringAttributeMutation", "AttributedStringKey", "AttributedStringProtocol", "AttributedSubstring",
        "BlockOperation", "Bundle", "ByteCountFormatStyle", "ByteCountFormatter", "CGFloat", "CGPoint", "CGRect",
        "CGRectEdge", "CGSize", "CachedURLResponse", "Calendar", "CharacterSet", "CocoaError",
        "CodableAttributedStringKey", "CodableConfiguration", "CodableWithConfiguration", "ComparableComparator",
        "Comparator", "ComparisonResult", "ContiguousBytes", "CurrencyFormatStyleConfiguration", "CustomNSError",
        "Data", "DataProtocol", "Date", "DateComponents", "DateFormatter", "DateInterval", "DateIntervalFormatter",
        "Decimal", "DecodableAttributedStringKey", "DecodableWithConfiguration", "DecodingConfigurationProviding",
        "DescriptiveNumberFormatConfiguration", "Dimension", "DiscontiguousAttributedSubstring", "DiscreteFormatStyle",
        "EncodableAttributedStringKey", "EncodableWithConfiguration", "EncodingConfigurationProviding",
        "EnergyFormatter", "Expression", "FileAttributeKey", "FileAttributeType", "FileHandle", "FileManager",
        "FileManagerDelegate", "FileProtectionType", "FloatingPointFormatStyle", "FloatingPointParseStrategy",
        "FormatStyle", "FormatStyleCapitalizationContext", "Formatter", "HTTPCookie", "HTTPCookiePropertyKey",
        "HTTPCookieStorage", "HTTPURLResponse", "Host", "ISO8601DateFormatter", "IndexPath", "IndexSet",
        "InflectionRule", "InputStream", "IntegerFormatStyle", "IntegerParseStrategy", "JSONDecoder", "JSONEncoder",
        "JSONSerialization", "KeyPathComparator", "LengthFormatter", "ListFormatStyle", "Locale", "LocalizedError",
        "MarkdownDecodableAttributedStringKey", "MassFormatter", "Measurement", "Morphology", "MutableDataProtocol",
        "Notification", "NotificationCenter", "NotificationQueue", "NumberFormatStyleConfiguration", "NumberFormatter",
        "ObjCBool", "OperatingSystemVersion", "Operation", "OperationQueue", "OutputStream", "POSIXError",
        "ParseStrategy", "ParseableFormatStyle", "PersonNameComponents", "PersonNameComponentsFormatter", "Pipe",
        "Port", "PortDelegate", "PortMessage", "Predicate", "PredicateBindings", "PredicateError",
        "PredicateExpression", "PredicateExpressions", "Process", "ProcessInfo", "Progress", "ProgressKind",
        "ProgressReporting", "ProgressUserInfoKey", "PropertyListDecoder", "PropertyListEncoder",
        "PropertyListSerialization", "QualityOfService", "RecoverableError", "ReferenceConvertible", "RunLoop",
        "Scanner", "ScopedAttributeContainer", "SocketNativeHandle", "SocketPort", "SortComparator", "SortDescriptor",
        "SortOrder", "StandardPredicateExpression", "Stream", "StreamDelegate", "StreamNetworkServiceTypeValue",
        "StreamSOCKSProxyConfiguration", "StreamSOCKSProxyVersion", "StreamSocketSecurityLevel", "StringStyle",
        "StringTransform", "Thread", "TimeInterval", "TimeZone", "Timer", "URL", "URLAuthenticationChallenge",
        "URLAuthenticationChallengeSender", "URLCache", "URLComponents", "URLCredential", "URLCredentialStorage",
        "URLError", "URLFileResourceType", "URLProtectionSpace", "URLProtocol", "URLProtocolClient", "URLQueryItem",
        "URLRequest", "URLResourceKey", "URLResourceValues", "URLResponse", "URLSession", "URLSessionConfiguration",
        "URLSessionDataDelegate", "URLSessionDataTask", "URLSessionDelegate", "URLSessionDownloadDelegate",
        "URLSessionDownloadTask", "URLSessionStreamDelegate", "URLSessionStreamTask", "URLSessionTask",
        "URLSessionTaskDelegate", "URLSessionTaskMetrics", "URLSessionTaskTransactionMetrics", "URLSessionUploadTask",
        "URLSessionWebSocketDelegate", "URLSessionWebSocketTask", "UUID", "Unit", "UnitAcceleration", "UnitAngle",
        "UnitArea", "UnitConcentrationMass", "UnitConverter", "UnitConverterLinear", "UnitDispersion", "UnitDuration",
        "UnitElectricCharge", "UnitElectricCurrent", "UnitElectricPotentialDifference", "UnitElectricResistance",
        "UnitEnergy", "UnitFrequency", "UnitFuelEfficiency", "UnitIlluminance", "UnitInformationStorage", "UnitLength",
        "UnitMass", "UnitPower", "UnitPressure", "UnitSpeed", "UnitTemperature", "UnitVolume", "UserDefaults",
    ]
}
