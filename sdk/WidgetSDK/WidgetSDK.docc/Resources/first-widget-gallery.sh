# The daemon keeps every timeline current and serves the gallery, where the button works.
widgethost run --bundles .build/debug
# serving the gallery at http://127.0.0.1:8787
