// Foundation as a widget sees it through Apple's module names: all of Foundation, plus the App
// Group APIs answered by the host (AppGroupDefaults.swift, ContainerURL.swift).
@_exported import Foundation
