cd /tmp/hello
swift build
widgethost validate .build/debug/libHelloWidget.so
widgethost render HelloWidget --bundles .build/debug --output -
