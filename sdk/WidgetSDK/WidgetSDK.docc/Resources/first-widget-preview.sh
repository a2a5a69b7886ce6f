# In a second terminal: every family, drawn again after each build.
widgethost preview .
# Change Text("Emoji:") to Text("Feeling:"), then:
swift build
# The preview redraws within two seconds of the build; a failed call or a failed
# `validate` check is shown in place of the picture, with its fix. Under the families,
# "#Preview 1/2" and "#Preview 2/2" draw the entries of the file's #Preview.
