extension ParamType {
    /// Whether a wildcard's segments, joined with `/`, parse as this type.
    enum PathFit: Equatable {
        case fits
        case doesNotFit
        /// Does not fit, and neither will the segments with more appended.
        case never
    }

    /// `parse(segments.joined(separator: "/")) != nil`, without joining: a deep link tries the
    /// wildcard on every prefix of its path, and building each text would cost the path's
    /// square. A string takes any text; an int, double or bool never contains a `/`; an enum
    /// value is joined only while the text is not longer than its longest value.
    func fit(_ segments: ArraySlice<String>) -> PathFit {
        switch self {
        case .string:
            return .fits
        case .int, .double, .bool:
            guard segments.count == 1 else { return .never }
            return parse(segments[segments.startIndex]) == nil ? .never : .fits
        case .enumeration(let values):
            let longest = values.lazy.map(\.utf8.count).max() ?? 0
            var length = -1
            for segment in segments {
                length += segment.utf8.count + 1
                if length > longest { return .never }
            }
            #if DEBUG
            WorkMeter.add(length)
            #endif
            return values.contains(segments.joined(separator: "/")) ? .fits : .doesNotFit
        case .unknown:
            return .never
        }
    }
}
