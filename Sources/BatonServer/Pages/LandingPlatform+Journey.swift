import Journey

extension LandingPlatform {
    /// The journey's platform for a first open on this one: the one place
    /// the page's choice of store becomes the funnel's `platform`. A switch,
    /// not the raw value, so a new page platform must decide its journey
    /// platform here.
    var journeyPlatform: JourneyPlatform {
        switch self {
        case .ios: .ios
        case .android: .android
        case .desktop: .desktop
        case .other: .other
        }
    }
}
