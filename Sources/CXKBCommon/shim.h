// libxkbcommon: the keymap a Wayland compositor sends, turned into keysyms and text.
#include <xkbcommon/xkbcommon.h>
