# From a widgethost checkout (or with widgethost installed: leave out `swift run`)
swift run widgethost new HelloWidget --path /tmp/hello

# Created a Swift widget bundle HelloWidget in /tmp/hello
#
# Build it, then see it:
#   cd /tmp/hello
#   swift build
#   widgethost timeline HelloWidget --bundles .build/debug
#   widgethost render HelloWidget --bundles .build/debug --output -
#   widgethost validate .build/debug/libHelloWidget.so
#   widgethost preview .            # redraws on every rebuild
