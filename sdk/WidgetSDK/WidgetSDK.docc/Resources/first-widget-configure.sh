swift build
# Each instance has its own configuration; the host checks it against the intent's parameters.
widgethost instances add HelloWidget --bundles .build/debug --set favoriteEmoji=🦊
# added wk3m9q2hx7c: HelloWidget (systemSmall) favoriteEmoji=🦊
widgethost render --instance wk3m9q2hx7c --bundles .build/debug --output -
# A mistyped parameter is refused, naming the ones there are.
widgethost instances add HelloWidget --bundles .build/debug --set emoji=🦊
# Error: HelloWidget has no parameter 'emoji'; its parameters are favoriteEmoji
