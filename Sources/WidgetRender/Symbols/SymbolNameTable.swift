/// The SF Symbols names drawn, each mapped to a Phosphor glyph (`Glyphs/`) and how to make it
/// mean the same: `SF.NAME = GLYPH [OPTION…]`. A name's `.fill` is not written: it draws the
/// glyph's fill weight. Nor are `.circle`, `.square` and `.slash` where Phosphor has no glyph of
/// its own for them: `SymbolRecipe` encloses or slashes the glyph as SF does. Options:
///
/// - `weight=fill`: always the fill weight (SF's shape is solid even without `.fill`);
/// - `slash`: a slash over the glyph; `rotate`: turned a quarter clockwise;
/// - `badge=circle|square|octagon`: enclosed; `badge=dot`: a dot at the top right; `badge=NAME`
///   (plus, minus, xmark, checkmark, exclamationmark, questionmark, lock, gear, moon, location,
///   arrow, bubble): that mark small at the bottom right;
/// - `multicolor=COLOR`: the colour SF's multicolor rendering gives the symbol (the others fall
///   back to monochrome: Phosphor's glyphs are one layer, or two with duotone's);
/// - `variable=G0,G1,…`: the glyphs for `Image(systemName:variableValue:)`, from no layer lit to all.
///
/// scripts/vendor-phosphor.py reads this table to vendor the glyphs it names; the names it must
/// cover are the ranked list in scripts/sf-symbols/ranked.txt (`SymbolNameMapTests`).
enum SymbolNameTable {
    static let text = """
# arrows
arrow.up = arrow-up
arrow.down = arrow-down
arrow.left = arrow-left
arrow.right = arrow-right
arrow.backward = arrow-left
arrow.forward = arrow-right
arrow.up.right = arrow-up-right
arrow.up.left = arrow-up-left
arrow.down.right = arrow-down-right
arrow.down.left = arrow-down-left
arrow.up.forward = arrow-up-right
arrow.up.forward.square = arrow-square-out
arrow.up.forward.app = arrow-square-out
arrow.clockwise = arrow-clockwise
arrow.counterclockwise = arrow-counter-clockwise
arrow.trianglehead.clockwise = arrow-clockwise
arrow.trianglehead.counterclockwise = arrow-counter-clockwise
arrow.circlepath = arrows-clockwise
arrow.triangle.2.circlepath = arrows-clockwise
arrow.2.circlepath = arrows-clockwise
arrow.2.squarepath = repeat
arrow.up.arrow.down = arrows-down-up
arrow.left.arrow.right = arrows-left-right
arrow.left.and.right = arrows-horizontal
arrow.up.and.down = arrows-vertical
arrow.uturn.backward = arrow-u-up-left
arrow.uturn.left = arrow-u-up-left
arrow.uturn.forward = arrow-u-up-right
arrow.uturn.right = arrow-u-up-right
arrow.uturn.down = arrow-u-right-down
arrow.uturn.up = arrow-u-left-up
arrow.up.left.and.arrow.down.right = arrows-out-simple
arrow.down.right.and.arrow.up.left = arrows-in-simple
arrow.up.left.and.down.right.and.arrow.up.right.and.down.left = arrows-out
arrow.down.doc = file-arrow-down
arrow.up.doc = file-arrow-up
arrow.down.to.line = arrow-line-down
arrow.up.to.line = arrow-line-up
arrow.triangle.turn.up.right.diamond = signpost
arrow.turn.up.left = arrow-bend-up-left
arrow.turn.up.right = arrow-bend-up-right
arrow.triangle.branch = git-branch
arrow.triangle.merge = git-merge
arrow.triangle.swap = swap
arrow.right.to.line = arrow-line-right
arrow.left.to.line = arrow-line-left
arrowshape.left = arrow-fat-left
arrowshape.right = arrow-fat-right
arrowshape.up = arrow-fat-up
arrowshape.down = arrow-fat-down
arrowshape.backward = arrow-fat-left
arrowshape.forward = arrow-fat-right
arrowshape.turn.up.left = arrow-bend-up-left
arrowshape.turn.up.right = arrow-bend-up-right
arrowshape.turn.up.backward = arrow-bend-up-left
arrowshape.turn.up.forward = arrow-bend-up-right
arrowtriangle.up = caret-up weight=fill
arrowtriangle.down = caret-down weight=fill
arrowtriangle.left = caret-left weight=fill
arrowtriangle.right = caret-right weight=fill
arrowtriangle.right.and.line.vertical.and.arrowtriangle.left = arrows-in-line-horizontal
chevron.right = caret-right
chevron.left = caret-left
chevron.up = caret-up
chevron.down = caret-down
chevron.forward = caret-right
chevron.backward = caret-left
chevron.up.chevron.down = caret-up-down
chevron.forward.2 = caret-double-right
chevron.backward.2 = caret-double-left
chevron.right.2 = caret-double-right
chevron.left.2 = caret-double-left
chevron.compact.down = caret-down
chevron.compact.up = caret-up
chevron.compact.left = caret-left
chevron.compact.right = caret-right
chevron.right.dotted.chevron.right = caret-double-right
# marks
plus = plus
minus = minus
multiply = x
x = x
xmark = x
checkmark = check
equal = equals
divide = divide
lessthan = less-than
greaterthan = greater-than
number = hash
at = at
asterisk = asterisk
percent = percent
exclamationmark = exclamation-mark
questionmark = question-mark
checkmark.cicle = check badge=circle
questionmark.circle = question
info.circle = info
info = info
exclamationmark.circle = warning-circle
exclamationmark.triangle = warning multicolor=yellow
exclamationmark.octagon = warning-octagon multicolor=red
xmark.octagon = x badge=octagon multicolor=red
exclamationmark.shield = shield-warning
exclamationmark.bubble = chat-circle-text
exclamationmark.arrow.triangle.2.circlepath = arrows-clockwise badge=exclamationmark
questionmark.square.dashed = selection
checkmark.seal = seal-check multicolor=blue
checkmark.shield = shield-check
xmark.seal = seal-warning
nosign = prohibit multicolor=red
largecircle.circle = radio-button
circle = circle
square = square
rectangle = rectangle
rectangle.portrait = rectangle rotate
triangle = triangle
diamond = diamond
hexagon = hexagon
octagon = octagon
seal = seal
capsule = pill
circle.grid.3x3 = dots-nine
circle.grid.2x2 = circles-four
circle.dashed = circle-dashed
circle.lefthalf.filled = circle-half
square.grid.2x2 = squares-four
square.grid.3x3 = grid-nine
square.stack = stack
square.stack.3d.up = stack
square.stack.3d.down.right = stack
square.on.square = copy
plus.square.on.square = copy badge=plus
plus.rectangle.on.rectangle = copy badge=plus
square.and.arrow.up = export
square.and.arrow.down = download-simple
square.and.arrow.up.on.square = export
square.and.pencil = note-pencil
square.split.2x1 = square-split-horizontal
square.split.1x2 = square-split-vertical
rectangle.3.group = squares-four
rectangle.stack = stack
rectangle.stack.badge.plus = stack-plus
rectangle.portrait.and.arrow.right = sign-out
rectangle.portrait.and.arrow.forward = sign-out
rectangle.and.pencil.and.ellipsis = note-pencil
equal.square = equals badge=square
# time
clock = clock
alarm = alarm
timer = timer
stopwatch = timer
hourglass = hourglass
calendar = calendar
calendar.badge.plus = calendar-plus
calendar.badge.minus = calendar-minus
calendar.badge.clock = calendar-dots
calendar.badge.exclamationmark = calendar badge=exclamationmark
calendar.badge.checkmark = calendar-check
calendar.circle = calendar badge=circle
clock.arrow.circlepath = clock-counter-clockwise
clock.badge.questionmark = clock badge=questionmark
clock.badge.checkmark = clock badge=checkmark
# weather and nature
sun.max = sun multicolor=yellow
sun.min = sun-dim
sun.horizon = sun-horizon
sunrise = sun-horizon
sunset = sun-horizon
sun.haze = sun-dim
moon = moon multicolor=yellow
moon.stars = moon-stars
moon.zzz = moon-stars
cloud = cloud
cloud.sun = cloud-sun
cloud.moon = cloud-moon
cloud.rain = cloud-rain
cloud.heavyrain = cloud-rain
cloud.drizzle = cloud-rain
cloud.sun.rain = cloud-rain
cloud.moon.rain = cloud-rain
cloud.bolt = cloud-lightning
cloud.bolt.rain = cloud-lightning
cloud.sun.bolt = cloud-lightning
cloud.snow = cloud-snow
cloud.sleet = cloud-snow
cloud.hail = cloud-snow
cloud.fog = cloud-fog
smoke = cloud-fog
icloud = cloud
icloud.slash = cloud-slash
icloud.and.arrow.down = cloud-arrow-down
icloud.and.arrow.up = cloud-arrow-up
snowflake = snowflake multicolor=cyan
wind = wind
tornado = tornado
hurricane = hurricane
rainbow = rainbow
umbrella = umbrella
thermometer = thermometer
thermometer.medium = thermometer
thermometer.sun = thermometer-hot
thermometer.snowflake = thermometer-cold
thermometer.high = thermometer-hot
thermometer.low = thermometer-cold
humidity = drop-half
drop = drop multicolor=cyan
drop.triangle = drop badge=exclamationmark
drop.degreesign = drop
flame = flame multicolor=orange
bolt = lightning multicolor=yellow
bolt.horizontal = lightning rotate
bolt.car = charging-station
bolt.heart = heartbeat
bolt.slash = lightning-slash
leaf = leaf multicolor=green
tree = tree
tortoise = horse
hare = rabbit
bird = bird
fish = fish
pawprint = paw-print
ladybug = bug-beetle
ant = bug
water.waves = waves
mountain.2 = mountains
globe = globe
globe.americas = globe-hemisphere-west
globe.europe.africa = globe-hemisphere-east
globe.asia.australia = globe-hemisphere-east
sparkles = sparkle
sparkle = sparkle
star = star multicolor=yellow
star.leadinghalf.filled = star-half
heart = heart multicolor=red
heart.slash = heart-break
hands.sparkles = hands-clapping
# media
play = play
pause = pause
stop = stop
playpause = play-pause
backward = rewind
forward = fast-forward
backward.end = skip-back
forward.end = skip-forward
goforward = arrow-clockwise
gobackward = arrow-counter-clockwise
goforward.15 = arrow-clockwise
gobackward.15 = arrow-counter-clockwise
goforward.30 = arrow-clockwise
gobackward.30 = arrow-counter-clockwise
shuffle = shuffle
repeat = repeat
repeat.1 = repeat-once
eject = eject
record.circle = record
music.note = music-note
music.note.list = playlist
music.quarternote.3 = music-notes
music.mic = microphone-stage
mic = microphone
mic.slash = microphone-slash
speaker = speaker-none
speaker.slash = speaker-slash
speaker.wave.1 = speaker-low
speaker.wave.2 = speaker-high
speaker.wave.3 = speaker-high variable=speaker-none,speaker-low,speaker-high
speaker.zzz = speaker-none
hifispeaker = speaker-hifi
headphones = headphones
airpods = headphones
radio = radio
tv = television
film = film-strip
film.stack = film-strip
video = video-camera
video.slash = video-camera-slash
camera = camera
camera.rotate = camera-rotate
photo = image
photo.on.rectangle = images
photo.on.rectangle.angled = images
photo.stack = images
waveform = waveform
waveform.path.ecg = heartbeat
waveform.circle = waveform badge=circle
captions.bubble = closed-captioning
quote.bubble = quotes badge=bubble
quote.opening = quotes
quote.closing = quotes
text.quote = quotes
# devices and tech
iphone = device-mobile
ipad = device-tablet
ipad.landscape.and.iphone = devices
laptopcomputer = laptop
laptopcomputer.trianglebadge.exclamationmark = laptop badge=exclamationmark
desktopcomputer = desktop
display = monitor
applewatch = watch
keyboard = keyboard
printer = printer
faxmachine = printer
cpu = cpu
memorychip = memory
internaldrive = hard-drive
externaldrive = hard-drive
server.rack = hard-drives
opticaldisc = disc
wifi = wifi-high variable=wifi-none,wifi-low,wifi-medium,wifi-high
wifi.slash = wifi-slash
wifi.exclamationmark = wifi-high badge=exclamationmark
wifi.router = network
antenna.radiowaves.left.and.right = broadcast
dot.radiowaves.left.and.right = broadcast
dot.radiowaves.right = rss
badge.plus.radiowaves.right = broadcast badge=plus
cellularbars = cell-signal-full variable=cell-signal-none,cell-signal-low,cell-signal-medium,cell-signal-high,cell-signal-full
antenna.radiowaves.left.and.right.slash = cell-signal-slash
network = network
network.slash = network-slash
battery.0 = battery-empty
battery.0percent = battery-empty
battery.25 = battery-low
battery.25percent = battery-low
battery.50 = battery-medium
battery.50percent = battery-medium
battery.75 = battery-high
battery.75percent = battery-high
battery.100 = battery-full multicolor=green
battery.100percent = battery-full
battery.100.bolt = battery-charging
battery.100percent.bolt = battery-charging
bolt.batteryblock = car-battery
poweroutlet.type.b = plug
powerplug = plug
power = power
lightbulb = lightbulb
flashlight.on = flashlight
bluetooth = bluetooth
airplane = airplane
car = car-profile
car.2 = car-simple
car.side.lock.open = car-profile badge=lock
bus = bus
tram = tram
train.side.front.car = train
bicycle = bicycle
scooter = scooter
box.truck = truck
truck.box = truck
shippingbox = package
fuelpump = gas-pump
figure.walk = person-simple-walk
figure.run = person-simple-run
figure.stand = person-simple
figure.hiking = person-simple-hike
figure.outdoor.cycle = person-simple-bike
figure.pool.swim = person-simple-swim
figure.wave = hand-waving
figure.2 = users
faceid = scan-smiley
touchid = fingerprint
opticid = eye badge=square
command = command
terminal = terminal-window
curlybraces = brackets-curly
curlybraces.square = brackets-curly badge=square
chevron.left.forwardslash.chevron.right = code
gamecontroller = game-controller
dice = dice-five
die.face.1 = dice-one
die.face.2 = dice-two
die.face.3 = dice-three
die.face.4 = dice-four
die.face.5 = dice-five
die.face.6 = dice-six
lock = lock
lock.open = lock-open
lock.shield = shield badge=lock
lock.rotation = lock badge=arrow
key = key
key.slash = key slash
# people
person = user
person.circle = user-circle
person.crop.circle = user-circle
person.crop.square = user-square
person.2 = users
person.3 = users-three
person.3.sequence = users-three
person.badge.plus = user-plus
person.badge.minus = user-minus
person.badge.key = user badge=lock
person.crop.circle.badge.plus = user-circle-plus
person.crop.circle.badge.minus = user-circle-minus
person.crop.circle.badge.checkmark = user-circle-check
person.crop.circle.badge.xmark = user-circle badge=xmark
person.crop.circle.badge.exclamationmark = user-circle badge=exclamationmark
person.crop.circle.badge.moon = user-circle badge=moon
person.crop.circle.badge.questionmark = user-circle badge=questionmark
person.fill.badge.plus = user-plus weight=fill
person.text.rectangle = identification-card
face.smiling = smiley
face.dashed = smiley-blank
hand.raised = hand-palm
hand.raised.slash = hand-palm slash
hand.wave = hand-waving
hand.tap = hand-tap
hand.point.up = hand-pointing
hand.point.up.left = hand-pointing
hand.draw = hand-swipe-right
hand.thumbsup = thumbs-up
hand.thumbsdown = thumbs-down
hands.clap = hands-clapping
brain = brain
brain.head.profile = head-circuit
eye = eye
eye.slash = eye-slash
ear = ear
mouth = smiley
figure.child = baby
# communication
bell = bell
bell.slash = bell-slash
bell.badge = bell badge=dot
bell.and.waves.left.and.right = bell-ringing
envelope = envelope-simple
envelope.open = envelope-simple-open
envelope.badge = envelope-simple badge=dot
message = chat
message.circle = chat-circle
bubble.left = chat
bubble.right = chat
bubble.left.and.bubble.right = chats
bubble.left.and.text.bubble.right = chats
text.bubble = chat-text
ellipsis.bubble = chat-dots
phone = phone
phone.down = phone-disconnect
phone.arrow.up.right = phone-outgoing
video.bubble = video-camera
paperplane = paper-plane-tilt
megaphone = megaphone
link = link
personalhotspot = link
paperclip = paperclip
at.circle = at badge=circle
# documents
doc = file
doc.text = file-text
doc.plaintext = file-text
doc.richtext = article
doc.on.doc = copy
doc.on.clipboard = clipboard
doc.badge.plus = file-plus
doc.text.magnifyingglass = file-magnifying-glass
text.page.badge.magnifyingglass = file-magnifying-glass
document = file
document.on.document = copy
note = note
note.text = note
list.clipboard = clipboard-text
pencil.and.list.clipboard = clipboard-text
folder = folder
folder.badge.plus = folder-plus
folder.badge.minus = folder-minus
folder.badge.gearshape = folder badge=gear
folder.badge.person.crop = folder-user
tray = tray
tray.full = tray badge=dot
tray.and.arrow.down = tray-arrow-down
tray.and.arrow.up = tray-arrow-up
archivebox = archive
book = book-open
book.closed = book
books.vertical = books
character.book.closed = book
bookmark = bookmark-simple
bookmark.slash = bookmark-simple slash
magazine = newspaper
newspaper = newspaper
list.bullet = list-bullets
list.number = list-numbers
list.dash = list-dashes
list.star = list-star
list.bullet.rectangle = list-bullets badge=square
list.bullet.rectangle.portrait = list-bullets badge=square
list.bullet.below.rectangle = list-bullets
checklist = list-checks
line.3.horizontal = list
line.horizontal.3 = list
line.3.horizontal.decrease = funnel-simple
line.horizontal.3.decrease = funnel-simple
line.3.horizontal.decrease.circle = funnel badge=circle
line.vertical = line-vertical
line.diagonal = line-segment
text.alignleft = text-align-left
text.aligncenter = text-align-center
text.alignright = text-align-right
textformat = text-aa
textformat.size = text-aa
character = text-t
tag = tag
barcode = barcode
qrcode = qr-code
creditcard = credit-card
wallet.pass = wallet
cart = shopping-cart
bag = bag
basket = basket
gift = gift
banknote = money
dollarsign = currency-dollar
dollarsign.circle = currency-circle-dollar
eurosign = currency-eur
chart.bar = chart-bar
chart.bar.xaxis = chart-bar
chart.pie = chart-pie
chart.line.uptrend.xyaxis = chart-line-up
chart.line.downtrend.xyaxis = chart-line-down
chart.xyaxis.line = chart-line
trophy = trophy
medal = medal
rosette = medal
crown = crown
flag = flag
flag.checkered = flag-checkered
flag.pattern.checkered = flag-checkered
flag.pattern.checkered.2.crossed = flag-checkered
flag.slash = flag slash
# places
house = house
building = building
building.2 = buildings
building.columns = bank
storefront = storefront
map = map-trifold
mappin = map-pin
mappin.and.ellipse = map-pin-area
mappin.circle = map-pin badge=circle
mappin.slash = map-pin slash
location = navigation-arrow
location.north = navigation-arrow
location.magnifyingglass = magnifying-glass badge=location
location.slash = navigation-arrow slash
safari = compass
compass.drawing = compass-tool
signpost.right = signpost
pin = push-pin
pin.slash = push-pin-slash
binoculars = binoculars
magnifyingglass = magnifying-glass
plus.magnifyingglass = magnifying-glass-plus
minus.magnifyingglass = magnifying-glass-minus
scope = crosshair
dot.scope = crosshair-simple
target = target
location.circle = navigation-arrow badge=circle
# tools and objects
gear = gear
gearshape = gear-six
gearshape.2 = gear-fine
wrench = wrench
wrench.and.screwdriver = wrench
hammer = hammer
screwdriver = screwdriver
scissors = scissors
paintbrush = paint-brush
paintbrush.pointed = paint-brush
paintpalette = palette
pencil = pencil-simple
pencil.line = pencil-line
pencil.circle = pencil-circle
pencil.and.outline = pencil-line
pencil.and.scribble = scribble
pencil.tip.crop.circle = pen-nib badge=circle
pencil.slash = pencil-slash
highlighter = highlighter
scribble = scribble
scribble.variable = scribble-loop
lasso = lasso
crop = crop
wand.and.stars = magic-wand
wand.and.rays = magic-wand
eyedropper = eyedropper
ruler = ruler
trash = trash
trash.slash = trash slash
slider.horizontal.3 = sliders-horizontal
slider.vertical.3 = sliders
switch.2 = toggle-left
tuningfork = wave-sine
fork.knife = fork-knife
cup.and.saucer = coffee
mug = coffee
wineglass = wine
birthday.cake = cake
party.popper = confetti
balloon = balloon
cube = cube
cube.box = package
shippingbox.circle = package badge=circle
lifepreserver = lifebuoy
bandage = bandaids
cross = cross
cross.case = first-aid-kit
pills = pill
stethoscope = stethoscope
syringe = syringe
heart.text.square = heartbeat
dumbbell = barbell
sportscourt = court-basketball
soccerball = soccer-ball
basketball = basketball
football = football
tennis.racket = racquet
bed.double = bed
sofa = couch
lamp.desk = lamp
washer = washing-machine
shower = shower
bathtub = bathtub
door.left.hand.open = door-open
key.horizontal = key
graduationcap = graduation-cap
backpack = backpack
briefcase = briefcase
suitcase = suitcase
handbag = handbag
tshirt = t-shirt
eyeglasses = eyeglasses
puzzlepiece = puzzle-piece
atom = atom
testtube.2 = test-tube
flask = flask
infinity = infinity
ellipsis = dots-three
ellipsis.circle = dots-three-circle
ellipsis.vertical = dots-three-vertical
app = app-window
app.badge = app-window badge=dot
apps.iphone = squares-four
square.dashed = selection
rectangle.dashed = rectangle-dashed
photo.artframe = frame-corners
viewfinder = scan
qrcode.viewfinder = qr-code
shield = shield
shield.slash = shield-slash
hand.raised.square = hand-palm badge=square
exclamationmark.lock = lock badge=exclamationmark
gauge = gauge
speedometer = speedometer
gauge.with.dots.needle.33percent = gauge
sum = sigma
function = function
plusminus = plus-minus
bookmark.circle = bookmark-simple badge=circle
# numbers and alignment
0 = number-zero
1 = number-one
2 = number-two
3 = number-three
4 = number-four
5 = number-five
6 = number-six
7 = number-seven
8 = number-eight
9 = number-nine
align.horizontal.left = align-left
align.horizontal.right = align-right
align.horizontal.center = align-center-horizontal
align.vertical.top = align-top
align.vertical.bottom = align-bottom
align.vertical.center = align-center-vertical
# more of the ranked list
eyes = eyes
photo.badge.plus = image badge=plus
widget.small = squares-four
waveform.path = waveform
point.3.connected.trianglepath.dotted = share-network
flipphone = phone
signpost.right.and.left = signpost
dot.radiowaves.up.forward = broadcast
envelope.arrow.triangle.branch = envelope-simple badge=arrow
sensor = cpu
slash.circle = prohibit
lines.measurement.horizontal = ruler
chart.bar.doc.horizontal = presentation-chart
scroll = scroll
square.stack.3d.down.forward = stack
tablecells = table
aqi.medium = wind
fibrechannel = hard-drives
figure.walk.motion = person-simple-walk
key.viewfinder = key badge=square
lock.open.trianglebadge.exclamationmark = lock-open badge=exclamationmark
swift = bird
arrow.up.and.down.and.arrow.left.and.right = arrows-out-cardinal
av.remote = television
cable.connector.horizontal = plugs
cylinder.split.1x2 = cylinder
gearshape.arrow.triangle.2.circlepath = gear-six badge=arrow
iphone.radiowaves.left.and.right = vibrate
light.beacon.max = siren
person.crop.rectangle = identification-badge
rectangle.and.hand.point.up.left = cursor-click
"""
}
