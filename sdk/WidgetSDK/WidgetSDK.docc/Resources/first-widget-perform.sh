swift build
# What a tap on the button does: the bundle performs the intent, then the widget reloads once.
widgethost perform HelloWidget CountTapIntent --bundles .build/debug
widgethost perform HelloWidget CountTapIntent --bundles .build/debug
widgethost timeline HelloWidget --bundles .build/debug --format json   # "taps" : 2
