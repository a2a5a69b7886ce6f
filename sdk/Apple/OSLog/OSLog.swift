import WidgetSDK
