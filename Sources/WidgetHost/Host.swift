import WidgetABI
