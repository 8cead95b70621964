/// What a name of a framework a wall has no use for gives (`import Network`'s `NWPathMonitor`
/// and the like, which are unavailable): anything, so that the compiler reaches the
/// unavailable name and says what a wall does instead.
@dynamicCallable
@dynamicMemberLookup
public struct _NotOnAWall {
    public init() {}
    public func dynamicallyCall(withArguments arguments: [Any]) -> _NotOnAWall { self }
    public func dynamicallyCall(withKeywordArguments arguments: KeyValuePairs<String, Any>) -> _NotOnAWall { self }
    public subscript(dynamicMember name: String) -> _NotOnAWall { self }
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
