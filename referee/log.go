package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/termtext"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/internal/yamldoc"
	"github.com/mjref/mjref/notation"
	"go.yaml.in/yaml/v3"
)

// Verb is what an event does.
type Verb uint8

// The verbs of a log event.
const (
	NoVerb            Verb = iota // not an event
	VerbDraw                      // draw a tile: from the front, or from the back after a kong or a flower
	VerbDiscard                   // discard a tile
	VerbChow                      // claim the discard for a chow (from the seat before you only)
	VerbPong                      // claim the discard for a pong
	VerbKong                      // claim the discard for an exposed kong
	VerbAddKong                   // add the fourth tile to an exposed pong
	VerbConcealedKong             // declare four identical tiles from the hand
	VerbFlower                    // lay out a flower or season
	VerbWin                       // declare a win
	VerbPass                      // decline a claim (informational)
	VerbClaims                    // several claims made on one discard at the same time
	VerbCharleston                // American: pass three tiles in the Charleston
	VerbCourtesy                  // American: the courtesy pass of up to three tiles with the player across
	VerbExchange                  // American: a natural tile from the hand for a joker in an exposure
	VerbQuint                     // American: claim the discard for five of a kind (jokers stand in)
	VerbSextet                    // American: claim the discard for six of a kind (jokers stand in)
	VerbPair                      // claim the discard for a pair: only to win
	VerbMisnamed                  // American: discard a tile under another tile's name ("E misnamed 5p 6p")
	VerbReveal                    // DeBurger: a loser lays its hand down after the win ("S reveal = 123m...")
	VerbRiichi                    // riichi: declare riichi ("E riichi", then the discard; or "E riichi 5p", both at once)
	VerbDora                      // riichi: a dora indicator shown ("dora 3m", no seat): the deal's, or a kan's
)

var verbNames = [...]string{"", "draw", "discard", "chow", "pong", "kong", "add-kong", "concealed-kong", "flower", "win", "pass", "claims",
	"charleston", "courtesy", "exchange", "quint", "sextet", "pair", "misnamed", "reveal", "riichi", "dora"}

// String returns the verb as written in a log.
func (v Verb) String() string {
	if int(v) < len(verbNames) {
		return verbNames[v]
	}
	return "?"
}

// MarshalText implements encoding.TextMarshaler.
func (v Verb) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

var verbSpelling = strings.NewReplacer("_", "-", " ", "-")

// ParseVerb reads a verb; "concealed_kong", "addkong" and "hu" style spellings are accepted too.
func ParseVerb(s string) (Verb, error) {
	k := strings.ToLower(verbSpelling.Replace(s))
	switch k {
	case "addkong", "add-kong", "added-kong", "kakan", "shouminkan":
		return VerbAddKong, nil
	case "concealedkong", "concealed-kong", "ankan":
		return VerbConcealedKong, nil
	case "chi":
		return VerbChow, nil
	case "pon":
		return VerbPong, nil
	case "kan", "daiminkan", "minkan":
		return VerbKong, nil
	case "mahjong", "hu", "ron", "tsumo":
		return VerbWin, nil
	case "bonus", "season":
		return VerbFlower, nil
	case "joker-exchange", "redeem":
		return VerbExchange, nil
	case "courtesy-pass":
		return VerbCourtesy, nil
	}
	for i, n := range verbNames {
		if i > 0 && i != int(VerbClaims) && k == n {
			return Verb(i), nil
		}
	}
	return NoVerb, fmt.Errorf("unknown action %q: expected one of draw, discard, chow, pong, kong, add-kong, concealed-kong, flower, win, pass (American: charleston, courtesy, exchange, quint, sextet, misnamed; DeBurger: pair, reveal; riichi: riichi, dora)", termtext.Shorten(s, termtext.ExcerptWidth))
}

// Unknown is written "?" in a log: a tile the scorekeeper did not see (another player's draw, a tile
// in a hidden hand). It is stored as notation.NoTile.
const Unknown = notation.NoTile

// Event is one step of a hand as written in the log.
type Event struct {
	// N is the event's 1-based number in the log.
	N int
	// Line is the event's line in the file (YAML or JSON Lines), 0 when unknown.
	Line int
	// Text is the event as written.
	Text string
	Seat notation.Seat
	Verb Verb
	// Tiles are the tiles the event names: the drawn, discarded, claimed or declared tile (a chow's
	// three tiles). A drawn tile may be Unknown; an empty list means the tile goes without saying
	// (the discard for a claim, the drawn tile for a self-drawn win) or was not seen.
	Tiles []notation.Tile
	// Shows is the winner's concealed hand laid down with a win ("E win 5p = 123m..."), winning tile
	// included, or nil.
	Shows *notation.Hand
	// Claims are the simultaneous claims of a claims: event.
	Claims []Event
	// Jokers is how many jokers an American call writes among its tiles ("W kong 5pJJ"): the exposure
	// holds that many jokers, the rest are naturals.
	Jokers int
	// From is the seat whose exposure an American joker exchange takes the joker from
	// ("E exchange 5p S"); NoSeat when not named. It is set for exchange events only.
	From notation.Seat
	// Blind is how many of an American Charleston pass's three tiles are passed on blind: tiles
	// received in the same pass, passed without looking ("N charleston blind", "N charleston 9p
	// blind 2"). The other tiles come from the hand: Tiles, then unseen ones.
	Blind int
}

// Tile returns the first tile the event names, or Unknown.
func (e *Event) Tile() notation.Tile {
	if len(e.Tiles) == 0 {
		return Unknown
	}
	return e.Tiles[0]
}

// SeatHand is one seat's tiles at the start of the log: a hand in notation (melds and laid-out
// flowers allowed) plus a number of tiles the scorekeeper could not see, written "?".
type SeatHand struct {
	Hand    notation.Hand
	Unknown int
	// Line is the hand's line in the log, 0 when unknown.
	Line int
}

// Tiles returns how many tiles the hand holds, counting a kong as three and leaving out laid-out
// bonus tiles.
func (h *SeatHand) Tiles() int { return h.Hand.TileCount() + h.Unknown }

// Start describes a log that begins in the middle of a hand. Its presence switches off the deal checks:
// the first event's seat is taken to be on turn.
type Start struct {
	// Wall is the number of tiles left in the live wall, or -1 when it is not known (then every tile not
	// accounted for is taken to be in earlier discards or the wall, and the wall runs out only when the
	// log says so).
	Wall int
	// Discards are the tiles already in each seat's discards, as far as they are known.
	Discards [4][]notation.Tile
}

// SeatNaming is what a log's seat letters (E, S, W, N) name.
type SeatNaming uint8

// The ways a log names its seats.
const (
	// SeatsAsLogSays, in ReadOptions, reads the seats as the log's seats: key says (by start when
	// it says nothing).
	SeatsAsLogSays SeatNaming = iota
	// SeatsByStart names each place at the table by the wind it had when the game began: the
	// letters stay with the places all game, and dealer: says which place deals this hand (with
	// dealer: S, seat S sits East). It is the default.
	SeatsByStart
	// SeatsByWind names the seats by this hand's seat winds: E is this hand's dealer, S the player
	// on the dealer's right, and so on, whoever sits there.
	SeatsByWind
)

var seatNamingNames = [...]string{"", "start", "wind"}

// String returns "start" or "wind", as written in a log's seats: key.
func (n SeatNaming) String() string {
	if int(n) < len(seatNamingNames) {
		return seatNamingNames[n]
	}
	return "?"
}

// MarshalText implements encoding.TextMarshaler.
func (n SeatNaming) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// ParseSeatNaming reads "start" or "wind" ("winds" too).
func ParseSeatNaming(s string) (SeatNaming, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "start":
		return SeatsByStart, nil
	case "wind", "winds":
		return SeatsByWind, nil
	}
	return SeatsAsLogSays, fmt.Errorf("%q: expected start (seats as they sat when the game began) or wind (this hand's seat winds: E deals)", termtext.Shorten(s, termtext.ExcerptWidth))
}

// Log is a hand's record: the seats' tiles, optionally the wall, and the events in order.
type Log struct {
	// Ruleset names the ruleset the hand is played under ("hk" when empty).
	Ruleset string
	// Seats is what the log's seat letters name: SeatsByStart or SeatsByWind (then Dealer is East).
	Seats SeatNaming
	// Dealer is the seat that deals this hand; seat winds for scoring count from it.
	Dealer notation.Seat
	// Prevailing is the round's wind.
	Prevailing notation.Seat
	// Hands are the seats' tiles after the deal (or at Start); nil when not known.
	Hands [4]*SeatHand
	// Wall is the live wall in draw order, front first, as far as it is known (Unknown for a tile not
	// seen), or nil when not given. Replacement tiles are taken from the back.
	Wall []notation.Tile
	// WallLine is the wall's line in the log, 0 when unknown.
	WallLine int
	// Start is set for a log that begins in the middle of a hand.
	Start *Start
	// Events are the steps of the hand.
	Events []Event
}

// LogError is a log that cannot be read, or cannot describe a real hand: where, and what was
// expected.
type LogError struct {
	// Event is the 1-based event number, or 0 for the log's header (hands, wall, dealer).
	Event int
	// Line is the line in the file, 0 when unknown.
	Line int
	// Text is the offending event or value as written.
	Text string
	Msg  string
	// File is the log's name, when the caller that read it sets it (for the JSON error object;
	// Error does not print it: the caller's wrapping names the file).
	File string
	// Hint says what to correct, when the reader knows (Error does not print it).
	Hint string
}

// Error returns `line 12: event 3 "S drw": unknown action "drw": expected one of ...`. A long
// Text is cut to a short excerpt; the quoting escapes control characters.
func (e *LogError) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.Event > 0 {
		fmt.Fprintf(&b, "event %d", e.Event)
		if e.Text != "" {
			fmt.Fprintf(&b, " %q", termtext.Shorten(e.Text, termtext.ExcerptWidth))
		}
		b.WriteString(": ")
	} else if e.Text != "" {
		fmt.Fprintf(&b, "%q: ", termtext.Shorten(e.Text, termtext.ExcerptWidth))
	}
	b.WriteString(e.Msg)
	return b.String()
}

// MaxEvents is the most events a log may hold. A log records one hand: even a long one with
// every pass written down has a few hundred events, so a log past this cap is not a hand, and
// it is refused before its events are parsed or replayed. Documented in the README ("Limits").
const MaxEvents = 10000

// maxWall is the most tiles a wall can hold: the American set of 152.
const maxWall = 152

func tooManyEvents(line int) *LogError {
	return &LogError{Event: MaxEvents + 1, Line: line, Msg: fmt.Sprintf("more than %d events: a log records one hand, and %d is the limit", MaxEvents, MaxEvents)}
}

// rawLog is what both file formats decode into before events are parsed.
type rawLog struct {
	ruleset, dealer, prevailing, seats    string
	dealerLine, prevailingLine, seatsLine int
	hands                                 [4]rawText
	wall                                  rawText
	start                                 *rawStart
	events                                []rawEvent
}

type rawText struct {
	text string
	line int
	set  bool
}

type rawStart struct {
	wall     int
	discards [4]rawText
}

type rawEvent struct {
	line     int
	text     string
	isClaims bool
	claims   []string
}

// ReadLog reads a log in YAML (a JSON document with an events list is YAML too) or JSON Lines. JSON
// Lines is recognised when the first line that is not blank or a # comment is a whole JSON value other
// than an object with events: an optional header object (the YAML keys except events), then one event
// per line, either a string ("E discard 3z") or an object {"claims": ["W pong 9s"]}.
// Errors are *LogError values.
func ReadLog(data []byte) (*Log, error) { return ReadLogWith(data, ReadOptions{}) }

// ReadOptions say how a log's tiles read under its rule family.
type ReadOptions struct {
	// Notation reads the tiles: an American log is read with ZeroIsWhite, so "2026m" in a hand, an
	// event or a hand laid down holds the white dragon.
	Notation notation.Options
	// FlowersInHand reads flowers as tiles of the hand (American play): a hand laid down with a win
	// may hold them.
	FlowersInHand bool
	// Seats is how the caller reads the seat letters (mjref referee --by); SeatsAsLogSays leaves it
	// to the log's seats: key. A log whose seats: key says otherwise is refused.
	Seats SeatNaming
	// Riichi reads riichi's own events: "E riichi" and "dora 3m" (a seatless event). Without it
	// they are refused as not the family's.
	Riichi bool
}

// AmericanRead is how an American log reads: 0 is the white dragon and flowers are tiles.
var AmericanRead = ReadOptions{Notation: notation.Options{ZeroIsWhite: true}, FlowersInHand: true}

// ReadLogWith is ReadLog with the tiles read under opt.
func ReadLogWith(data []byte, opt ReadOptions) (*Log, error) {
	return ReadLogFunc(data, func(string) ReadOptions { return opt })
}

// ReadLogFunc is ReadLog with the tiles read under the options options returns for the log's
// ruleset ("hk" when it names none), so a caller can read an American log as American before any
// tile is parsed.
func ReadLogFunc(data []byte, options func(ruleset string) ReadOptions) (*Log, error) {
	raw, err := decodeRaw(data)
	if err != nil {
		return nil, err
	}
	name := raw.ruleset
	if name == "" {
		name = "hk"
	}
	return buildLog(raw, options(name))
}

// utf8BOM is the byte order mark Windows editors put at the start of a UTF-8 file.
var utf8BOM = []byte("\xef\xbb\xbf")

func decodeRaw(data []byte) (*rawLog, error) {
	data = bytes.TrimPrefix(data, utf8BOM) // a log saved by Notepad reads as the same log
	for ln := range bytes.SplitSeq(data, []byte("\n")) {
		ln = bytes.TrimSpace(ln)
		if len(ln) == 0 || ln[0] == '#' {
			continue
		}
		if (ln[0] == '{' || ln[0] == '"') && json.Valid(ln) {
			var m map[string]json.RawMessage
			if ln[0] == '{' && json.Unmarshal(ln, &m) == nil && m["events"] != nil {
				break // one JSON document: YAML reads it
			}
			return decodeJSONL(data)
		}
		break
	}
	return decodeYAML(data)
}

func decodeYAML(data []byte) (*rawLog, error) {
	var doc yaml.Node
	err := yamldoc.Prescan(data)
	if err == nil {
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, &LogError{Msg: "not YAML or JSON Lines: " + yamldoc.Message(err)}
		}
		err = yamldoc.Check(&doc)
	}
	if err != nil {
		var le *yamldoc.LimitError
		errors.As(err, &le)
		return nil, &LogError{Line: le.Line, Msg: le.Msg}
	}
	// The log is the whole file: yaml.Unmarshal stops after the first document (or the first flow
	// mapping), and the events after it would be dropped without a word.
	if line, err := yamldoc.Rest(data); err != nil {
		return nil, trailingYAML(data, line, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &LogError{Msg: "empty log: expected a mapping with ruleset, dealer, prevailing, hands, wall and events"}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &LogError{Line: root.Line, Msg: "expected a mapping with ruleset, dealer, prevailing, hands, wall and events"}
	}
	if err := yamlDuplicate(root, ""); err != nil {
		return nil, err
	}
	raw := &rawLog{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "ruleset":
			if v.Kind != yaml.ScalarNode {
				return nil, &LogError{Line: v.Line, Msg: "ruleset: expected a name such as hk"}
			}
			raw.ruleset = v.Value
		case "dealer":
			if v.Kind != yaml.ScalarNode {
				return nil, &LogError{Line: v.Line, Msg: "dealer: expected a seat: E, S, W or N"}
			}
			raw.dealer, raw.dealerLine = v.Value, v.Line
		case "prevailing":
			if v.Kind != yaml.ScalarNode {
				return nil, &LogError{Line: v.Line, Msg: "prevailing: expected a wind: E, S, W or N"}
			}
			raw.prevailing, raw.prevailingLine = v.Value, v.Line
		case "seats":
			if v.Kind != yaml.ScalarNode {
				return nil, &LogError{Line: v.Line, Msg: "seats: expected start or wind"}
			}
			raw.seats, raw.seatsLine = v.Value, v.Line
		case "hands":
			hs, err := yamlSeatTexts(v, "hands")
			if err != nil {
				return nil, err
			}
			raw.hands = hs
		case "wall":
			if v.Kind != yaml.ScalarNode {
				return nil, &LogError{Line: v.Line, Msg: "wall: expected the live wall as a tile string, front first"}
			}
			raw.wall = rawText{text: v.Value, line: v.Line, set: true}
		case "start":
			st, err := yamlStart(v)
			if err != nil {
				return nil, err
			}
			raw.start = st
		case "events":
			evs, err := yamlEvents(v)
			if err != nil {
				return nil, err
			}
			raw.events = evs
		default:
			return nil, &LogError{Line: k.Line, Text: k.Value, Msg: "unknown key: expected ruleset, seats, dealer, prevailing, hands, wall, start or events"}
		}
	}
	return raw, nil
}

// trailingYAML is the error for a log with more after its first YAML document (see yamldoc.Rest):
// a second document at line, or lines that are not YAML after the first value, as when a JSON
// Lines log's first line is not valid JSON and the log was read as YAML.
func trailingYAML(data []byte, line int, err error) error {
	if errors.Is(err, yamldoc.ErrSecond) {
		return &LogError{Line: line, Msg: "a second YAML document: a log is one document (put every event in its events: list)"}
	}
	n := 0
	for ln := range bytes.SplitSeq(data, []byte("\n")) {
		n++
		ln = bytes.TrimSpace(ln)
		if len(ln) == 0 || ln[0] == '#' {
			continue
		}
		if ln[0] == '{' || ln[0] == '"' {
			var v any
			if jerr := json.Unmarshal(ln, &v); jerr != nil {
				return &LogError{Line: n, Msg: "not valid JSON (" + jerr.Error() + "): a JSON Lines log is one JSON value a line, and as YAML the log would end after this line"}
			}
		}
		break
	}
	return &LogError{Msg: "not YAML or JSON Lines: text after the log's first value: " + yamldoc.Message(err)}
}

// yamlDuplicate refuses a mapping that gives a key twice (YAML decoders keep only the last, so
// a second events: list would silently replace the first), naming both lines; in is the
// mapping's own key for the message ("start"), "" at the top.
func yamlDuplicate(m *yaml.Node, in string) error {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	first := make(map[string]int, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if line, dup := first[k.Value]; dup {
			name := k.Value
			if in != "" {
				name = in + "." + name
			}
			return &LogError{Line: k.Line, Msg: fmt.Sprintf("%s is given twice, at lines %d and %d: keep one", name, line, k.Line)}
		}
		first[k.Value] = k.Line
	}
	return nil
}

func yamlSeatTexts(v *yaml.Node, key string) ([4]rawText, error) {
	var out [4]rawText
	if v.Kind != yaml.MappingNode {
		return out, &LogError{Line: v.Line, Msg: key + ": expected a mapping from seat (E, S, W, N) to tiles"}
	}
	if err := yamlDuplicate(v, key); err != nil {
		return out, err
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, t := v.Content[i], v.Content[i+1]
		s, err := notation.ParseSeat(k.Value)
		if err != nil {
			return out, &LogError{Line: k.Line, Text: k.Value, Msg: key + ": " + err.Error()}
		}
		if t.Kind != yaml.ScalarNode {
			return out, &LogError{Line: t.Line, Msg: key + "." + s.String() + ": expected tiles in notation"}
		}
		if out[s].set {
			return out, &LogError{Line: k.Line, Text: k.Value, Msg: fmt.Sprintf("%s: seat %s is given twice, at lines %d and %d: keep one", key, s, out[s].line, t.Line)}
		}
		out[s] = rawText{text: t.Value, line: t.Line, set: true}
	}
	return out, nil
}

func yamlStart(v *yaml.Node) (*rawStart, error) {
	st := &rawStart{wall: -1}
	if v.Kind == yaml.ScalarNode && (v.Value == "" || v.Tag == "!!null") {
		return st, nil
	}
	if v.Kind != yaml.MappingNode {
		return nil, &LogError{Line: v.Line, Msg: "start: expected a mapping with wall and discards"}
	}
	if err := yamlDuplicate(v, "start"); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, t := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "wall":
			var n int
			if t.Kind != yaml.ScalarNode || t.Decode(&n) != nil || n < 0 || n > 144 {
				return nil, &LogError{Line: t.Line, Text: t.Value, Msg: "start.wall: expected the number of tiles left in the live wall"}
			}
			st.wall = n
		case "discards":
			ds, err := yamlSeatTexts(t, "start.discards")
			if err != nil {
				return nil, err
			}
			st.discards = ds
		default:
			return nil, &LogError{Line: k.Line, Text: k.Value, Msg: "unknown key in start: expected wall or discards"}
		}
	}
	return st, nil
}

func yamlEvents(v *yaml.Node) ([]rawEvent, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, &LogError{Line: v.Line, Msg: `events: expected a list such as ["E discard 3z", "S draw 7p"]`}
	}
	if len(v.Content) > MaxEvents {
		return nil, tooManyEvents(v.Content[MaxEvents].Line)
	}
	evs := make([]rawEvent, 0, len(v.Content))
	for i, e := range v.Content {
		switch e.Kind {
		case yaml.ScalarNode:
			evs = append(evs, rawEvent{line: e.Line, text: e.Value})
		case yaml.MappingNode:
			if len(e.Content) != 2 || e.Content[0].Value != "claims" {
				return nil, &LogError{Event: i + 1, Line: e.Line, Msg: "expected an event such as \"E discard 3z\" or claims: [W pong 9s, N chow 789s]"}
			}
			c := e.Content[1]
			re := rawEvent{line: e.Line, isClaims: true}
			switch c.Kind {
			case yaml.SequenceNode:
				for _, ci := range c.Content {
					if ci.Kind != yaml.ScalarNode {
						return nil, &LogError{Event: i + 1, Line: ci.Line, Msg: "claims: expected claims such as W pong 9s"}
					}
					re.claims = append(re.claims, ci.Value)
				}
			case yaml.ScalarNode:
				re.claims = splitClaims(c.Value)
			default:
				return nil, &LogError{Event: i + 1, Line: c.Line, Msg: "claims: expected a list such as [W pong 9s, N chow 789s]"}
			}
			re.text = "claims: [" + strings.Join(re.claims, ", ") + "]"
			evs = append(evs, re)
		default:
			return nil, &LogError{Event: i + 1, Line: e.Line, Msg: "expected an event such as \"E discard 3z\" or claims: [W pong 9s, N chow 789s]"}
		}
	}
	return evs, nil
}

// splitClaims splits "W pong 9s, N chow 789s" (commas or semicolons) into claims.
func splitClaims(s string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

type jsonHeader struct {
	Ruleset    *string           `json:"ruleset"`
	Dealer     *string           `json:"dealer"`
	Prevailing *string           `json:"prevailing"`
	Seats      *string           `json:"seats"`
	Hands      map[string]string `json:"hands"`
	Wall       *string           `json:"wall"`
	Start      *jsonStart        `json:"start"`
	Claims     *[]string         `json:"claims"`
}

type jsonStart struct {
	Wall     *int              `json:"wall"`
	Discards map[string]string `json:"discards"`
}

func decodeJSONL(data []byte) (*rawLog, error) {
	raw := &rawLog{}
	lines := bytes.Split(data, []byte("\n"))
	header := false
	for i, ln := range lines {
		ln = bytes.TrimSpace(ln)
		lineNo := i + 1
		if len(ln) == 0 || ln[0] == '#' {
			continue
		}
		evNo := len(raw.events) + 1
		if evNo > MaxEvents {
			return nil, tooManyEvents(lineNo)
		}
		switch ln[0] {
		case '"':
			var s string
			if err := json.Unmarshal(ln, &s); err != nil {
				return nil, &LogError{Event: evNo, Line: lineNo, Msg: "expected a JSON string event such as \"E discard 3z\": " + err.Error()}
			}
			raw.events = append(raw.events, rawEvent{line: lineNo, text: s})
		case '{':
			if key, ok := jsonDuplicate(ln); ok {
				return nil, &LogError{Line: lineNo, Msg: fmt.Sprintf("key %q is given twice on this line: keep one", termtext.Shorten(key, 40))}
			}
			dec := json.NewDecoder(bytes.NewReader(ln))
			dec.DisallowUnknownFields()
			var h jsonHeader
			if err := dec.Decode(&h); err != nil {
				return nil, &LogError{Line: lineNo, Msg: "expected a header object (ruleset, seats, dealer, prevailing, hands, wall, start) or {\"claims\": [...]}: " + err.Error()}
			}
			if h.Claims != nil {
				if h.Ruleset != nil || h.Dealer != nil || h.Prevailing != nil || h.Seats != nil || h.Hands != nil || h.Wall != nil || h.Start != nil {
					return nil, &LogError{Event: evNo, Line: lineNo, Msg: "a claims object holds only claims"}
				}
				raw.events = append(raw.events, rawEvent{line: lineNo, isClaims: true, claims: *h.Claims,
					text: "claims: [" + strings.Join(*h.Claims, ", ") + "]"})
				continue
			}
			if header || len(raw.events) > 0 {
				return nil, &LogError{Line: lineNo, Msg: "the header object must be the first line and appear once"}
			}
			header = true
			if err := jsonHeaderInto(raw, &h, lineNo); err != nil {
				return nil, err
			}
		default:
			return nil, &LogError{Event: evNo, Line: lineNo, Msg: "expected a JSON string event or an object on every line"}
		}
	}
	return raw, nil
}

// jsonDuplicate reports the first key that an object (or an object inside it) gives twice:
// encoding/json keeps the last one silently. A line that is not valid JSON reports nothing (the
// decoder reports it).
func jsonDuplicate(ln []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(ln))
	type frame struct {
		keys  map[string]bool
		isObj bool
		key   bool // the next token in this object is a key
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if top != nil && top.isObj && top.key {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			k, _ := tok.(string)
			if top.keys[k] {
				return k, true
			}
			top.keys[k] = true
			top.key = false
			continue
		}
		if top != nil && top.isObj {
			top.key = true // a value: the next token is a key again
		}
		switch d, _ := tok.(json.Delim); d {
		case '{':
			stack = append(stack, frame{keys: map[string]bool{}, isObj: true, key: true})
		case '[':
			stack = append(stack, frame{})
		case '}', ']':
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			return "", false
		}
	}
}

func jsonHeaderInto(raw *rawLog, h *jsonHeader, line int) error {
	if h.Ruleset != nil {
		raw.ruleset = *h.Ruleset
	}
	if h.Dealer != nil {
		raw.dealer, raw.dealerLine = *h.Dealer, line
	}
	if h.Prevailing != nil {
		raw.prevailing, raw.prevailingLine = *h.Prevailing, line
	}
	if h.Seats != nil {
		raw.seats, raw.seatsLine = *h.Seats, line
	}
	for k, v := range h.Hands {
		s, err := notation.ParseSeat(k)
		if err != nil {
			return &LogError{Line: line, Text: k, Msg: "hands: " + err.Error()}
		}
		if raw.hands[s].set {
			return &LogError{Line: line, Text: k, Msg: "hands: seat " + s.String() + " is given twice: keep one"}
		}
		raw.hands[s] = rawText{text: v, line: line, set: true}
	}
	if h.Wall != nil {
		raw.wall = rawText{text: *h.Wall, line: line, set: true}
	}
	if h.Start != nil {
		st := &rawStart{wall: -1}
		if h.Start.Wall != nil {
			if *h.Start.Wall < 0 || *h.Start.Wall > 144 {
				return &LogError{Line: line, Msg: "start.wall: expected the number of tiles left in the live wall"}
			}
			st.wall = *h.Start.Wall
		}
		for k, v := range h.Start.Discards {
			s, err := notation.ParseSeat(k)
			if err != nil {
				return &LogError{Line: line, Text: k, Msg: "start.discards: " + err.Error()}
			}
			if st.discards[s].set {
				return &LogError{Line: line, Text: k, Msg: "start.discards: seat " + s.String() + " is given twice: keep one"}
			}
			st.discards[s] = rawText{text: v, line: line, set: true}
		}
		raw.start = st
	}
	return nil
}

// seatNaming is how the log's seats read: the caller's choice (want) or else the log's seats: key,
// by start when neither says; a log that says otherwise than the caller is refused.
func seatNaming(raw *rawLog, want SeatNaming) (SeatNaming, error) {
	if raw.seats == "" {
		if want == SeatsAsLogSays {
			return SeatsByStart, nil
		}
		return want, nil
	}
	n, err := ParseSeatNaming(raw.seats)
	if err != nil {
		return 0, &LogError{Line: raw.seatsLine, Msg: "seats: " + err.Error()}
	}
	if want != SeatsAsLogSays && want != n {
		return 0, &LogError{Line: raw.seatsLine, Msg: fmt.Sprintf("seats: the log names its seats by %s, but it is to be read by %s: the two would put different players in every event", n, want)}
	}
	return n, nil
}

func buildLog(raw *rawLog, ro ReadOptions) (*Log, error) {
	opt := ro.Notation
	lg := &Log{Ruleset: raw.ruleset, Dealer: notation.SeatEast, Prevailing: notation.SeatEast}
	if lg.Ruleset == "" {
		lg.Ruleset = "hk"
	}
	if raw.dealer != "" {
		s, err := notation.ParseSeat(raw.dealer)
		if err != nil {
			return nil, &LogError{Line: raw.dealerLine, Text: raw.dealer, Msg: "dealer: " + err.Error()}
		}
		lg.Dealer = s
	}
	seats, err := seatNaming(raw, ro.Seats)
	if err != nil {
		return nil, err
	}
	lg.Seats = seats
	if seats == SeatsByWind && lg.Dealer != notation.SeatEast {
		return nil, &LogError{Line: raw.dealerLine, Text: raw.dealer, Msg: "dealer: the seats are named by this hand's winds, where E deals: write dealer: E or leave it out, or name the seats by start"}
	}
	if raw.prevailing != "" {
		s, err := notation.ParseSeat(raw.prevailing)
		if err != nil {
			return nil, &LogError{Line: raw.prevailingLine, Text: raw.prevailing, Msg: "prevailing: " + err.Error()}
		}
		lg.Prevailing = s
	}
	for s, rt := range raw.hands {
		if !rt.set {
			continue
		}
		sh, err := parseSeatHand(rt.text, opt)
		if err != nil {
			return nil, &LogError{Line: rt.line, Text: rt.text, Msg: fmt.Sprintf("hands.%s: %v", notation.Seat(s), err)}
		}
		sh.Line = rt.line
		lg.Hands[s] = sh
	}
	if raw.wall.set {
		w, err := parseTilesUnknown(raw.wall.text, opt)
		if err != nil {
			return nil, &LogError{Line: raw.wall.line, Text: raw.wall.text, Msg: "wall: " + err.Error()}
		}
		if len(w) > maxWall {
			return nil, &LogError{Line: raw.wall.line, Msg: fmt.Sprintf("wall: %d tiles, more than a whole set (%d)", len(w), maxWall)}
		}
		lg.Wall, lg.WallLine = w, raw.wall.line
		if lg.Wall == nil {
			lg.Wall = []notation.Tile{}
		}
	}
	if raw.start != nil {
		lg.Start = &Start{Wall: raw.start.wall}
		for s, rt := range raw.start.discards {
			if !rt.set {
				continue
			}
			ts, err := notation.ParseTilesWith(rt.text, opt)
			if err != nil {
				return nil, &LogError{Line: rt.line, Text: rt.text, Msg: fmt.Sprintf("start.discards.%s: %v", notation.Seat(s), err)}
			}
			lg.Start.Discards[s] = ts
		}
	}
	for i, re := range raw.events {
		n := i + 1
		if re.isClaims {
			if len(re.claims) == 0 {
				return nil, &LogError{Event: n, Line: re.line, Text: re.text, Msg: "claims: expected at least one claim such as W pong 9s"}
			}
			ev := Event{N: n, Line: re.line, Text: re.text, Verb: VerbClaims, Seat: notation.NoSeat}
			for _, c := range re.claims {
				ce, err := ParseEventWith(c, ro)
				if err != nil {
					return nil, &LogError{Event: n, Line: re.line, Text: c, Msg: err.Error()}
				}
				switch ce.Verb {
				case VerbChow, VerbPong, VerbKong, VerbWin, VerbPass, VerbQuint, VerbSextet, VerbPair:
				default:
					return nil, &LogError{Event: n, Line: re.line, Text: c, Msg: "a claim is chow, pong, kong, win or pass, not " + ce.Verb.String()}
				}
				ce.N, ce.Line = n, re.line
				ev.Claims = append(ev.Claims, ce)
			}
			lg.Events = append(lg.Events, ev)
			continue
		}
		text := strings.TrimSpace(re.text)
		if rest, ok := strings.CutPrefix(text, "claims:"); ok {
			// A claims event written as a plain string: "claims: W pong 9s, N chow 789s".
			rest = strings.Trim(strings.TrimSpace(rest), "[]")
			raw.events[i] = rawEvent{line: re.line, isClaims: true, claims: splitClaims(rest), text: text}
			sub := &rawLog{events: []rawEvent{raw.events[i]}}
			one, err := buildLog(sub, ro)
			if err != nil {
				le := err.(*LogError)
				le.Event = n
				return nil, le
			}
			ev := one.Events[0]
			ev.N = n
			for j := range ev.Claims {
				ev.Claims[j].N = n
			}
			lg.Events = append(lg.Events, ev)
			continue
		}
		ev, err := ParseEventWith(text, ro)
		if err != nil {
			return nil, &LogError{Event: n, Line: re.line, Text: re.text, Msg: err.Error()}
		}
		ev.N, ev.Line = n, re.line
		lg.Events = append(lg.Events, ev)
	}
	return lg, nil
}

// parseSeatHand reads a hand in notation in which "?" stands for a tile not seen.
func parseSeatHand(s string, opt notation.Options) (*SeatHand, error) {
	clean, unknown := stripUnknown(s)
	sh := &SeatHand{Unknown: unknown}
	if strings.TrimSpace(clean) != "" {
		h, err := notation.ParseWith(clean, opt)
		if err != nil {
			return nil, err
		}
		h.Win = notation.NoTile
		sh.Hand = h
	}
	return sh, nil
}

// stripUnknown removes the "?" marks from s and counts them; "?5" means five unknown tiles
// ("?5p" is one unknown tile and a 5p).
func stripUnknown(s string) (string, int) {
	parts := strings.Split(s, "?")
	var b strings.Builder
	b.WriteString(parts[0])
	n := 0
	for _, p := range parts[1:] {
		k, rest := unknownCount(p)
		n += k
		b.WriteByte(' ')
		b.WriteString(rest)
	}
	return b.String(), n
}

// unknownCount reads the count after a "?": up to three digits not followed by a suit letter.
func unknownCount(p string) (int, string) {
	d := 0
	for d < len(p) && d < 3 && p[d] >= '0' && p[d] <= '9' {
		d++
	}
	if d == 0 || d < len(p) && strings.ContainsRune("mpszf0123456789", rune(p[d])) {
		return 1, p
	}
	n, _ := strconv.Atoi(p[:d])
	return min(n, 200), p[d:]
}

// parseTilesUnknown reads a tile list in which each "?" is an unknown tile ("?5" five of them),
// keeping the order.
func parseTilesUnknown(s string, opt notation.Options) ([]notation.Tile, error) {
	var out []notation.Tile
	parts := strings.Split(s, "?")
	for i, p := range parts {
		if i > 0 {
			var n int
			n, p = unknownCount(p)
			for range n {
				out = append(out, Unknown)
			}
		}
		if strings.TrimSpace(p) != "" {
			ts, err := notation.ParseTilesWith(p, opt)
			if err != nil {
				return nil, err
			}
			out = append(out, ts...)
		}
	}
	return out, nil
}

// ParseEvent reads one event: "SEAT VERB [TILES] [= HAND]", e.g. "E discard 3z", "S draw" (a tile not
// seen), "N chow 789s", "W pong", "E win 5p = 123m456p789s11z55p". Seats and verbs are case-insensitive.
func ParseEvent(s string) (Event, error) { return ParseEventWith(s, ReadOptions{}) }

// ParseEventWith is ParseEvent with the tiles read under ro (AmericanRead for American logs).
func ParseEventWith(s string, ro ReadOptions) (Event, error) {
	opt := ro.Notation
	ev := Event{Text: s, Seat: notation.NoSeat}
	body, shows, hasShows := strings.Cut(s, "=")
	f := strings.Fields(body)
	if len(f) > 0 && strings.EqualFold(f[0], "dora") {
		// A dora indicator belongs to no seat: "dora 3m".
		f = append([]string{""}, f...)
	}
	if len(f) < 2 {
		return ev, fmt.Errorf("expected SEAT ACTION [TILE], e.g. \"E discard 3z\"")
	}
	seat := notation.NoSeat
	if f[0] != "" {
		var err error
		if seat, err = notation.ParseSeat(f[0]); err != nil {
			return ev, err
		}
	}
	verb, err := ParseVerb(f[1])
	if err != nil {
		return ev, err
	}
	if (verb == VerbRiichi || verb == VerbDora) && !ro.Riichi {
		return ev, fmt.Errorf("%s is a riichi event, and the ruleset is not riichi", verb)
	}
	if seat == notation.NoSeat && verb != VerbDora {
		return ev, fmt.Errorf("expected SEAT ACTION [TILE], e.g. \"E discard 3z\"")
	}
	ev.Seat, ev.Verb = seat, verb
	if verb == VerbExchange {
		ev.From = notation.NoSeat
		if len(f) > 3 {
			from, err := notation.ParseSeat(f[len(f)-1])
			if err != nil {
				return ev, fmt.Errorf("exchange: expected the tile and optionally the seat whose exposure holds the joker, e.g. 5p S")
			}
			ev.From = from
			f = f[:len(f)-1]
		}
	}
	if verb == VerbCharleston {
		if i := slices.Index(f, "blind"); i >= 2 {
			ev.Blind = 3 - (i - 2) // by default every tile not written before "blind"
			switch {
			case i == len(f)-2:
				n, err := strconv.Atoi(f[i+1])
				if err != nil || n < 1 || n > 3 {
					return ev, fmt.Errorf("charleston: blind is followed by how many tiles are passed on blind, 1 to 3, e.g. \"N charleston 9p blind 2\"")
				}
				ev.Blind = n
			case i != len(f)-1:
				return ev, fmt.Errorf("charleston: write the tiles from the hand first, then blind and how many, e.g. \"N charleston 9p blind 2\"")
			}
			f = f[:i]
		}
	}
	rest := strings.Join(f[2:], " ")
	tiles, err := parseTilesUnknown(rest, opt)
	if err != nil {
		return ev, fmt.Errorf("%s: %v", verb, err)
	}
	if hasShows && verb != VerbWin && verb != VerbReveal {
		return ev, fmt.Errorf("'= HAND' follows a win or a reveal only")
	}
	if verb == VerbReveal && (!hasShows || strings.TrimSpace(rest) != "") {
		return ev, fmt.Errorf("reveal: write the hand laid down after '=', e.g. \"S reveal = 123m456p789s11z\"")
	}
	if n := len(tiles); verb >= VerbPong && verb <= VerbKong || verb >= VerbQuint && verb <= VerbPair {
		tiles = slices.DeleteFunc(tiles, func(t notation.Tile) bool { return t == notation.Joker })
		ev.Jokers = n - len(tiles)
		if len(tiles) == 0 && ev.Jokers > 0 {
			return ev, fmt.Errorf("%s: a call names the discarded tile, e.g. 5pJ", verb)
		}
	}
	for _, t := range tiles {
		if t == Unknown && verb != VerbDraw && verb != VerbCharleston && verb != VerbCourtesy {
			return ev, fmt.Errorf("%s: the tile of a %s is always seen: write it, not ?", verb, verb)
		}
	}
	same := len(tiles) > 0 && allSame(tiles)
	switch verb {
	case VerbDraw:
		if len(tiles) > 1 {
			return ev, fmt.Errorf("draw: expected one tile (or ? or nothing for a tile not seen), found %d", len(tiles))
		}
	case VerbDiscard:
		if len(tiles) != 1 {
			return ev, fmt.Errorf("discard: expected one tile, found %d", len(tiles))
		}
	case VerbRiichi:
		if len(tiles) > 1 {
			return ev, fmt.Errorf("riichi: expected at most the tile discarded with it, e.g. \"E riichi 5p\"")
		}
	case VerbDora:
		if len(tiles) != 1 {
			return ev, fmt.Errorf("dora: expected the one indicator shown, e.g. \"dora 3m\"")
		}
	case VerbChow:
		switch len(tiles) {
		case 0:
		case 3:
			t := sortedRun(tiles)
			if t == notation.NoTile {
				return ev, fmt.Errorf("chow: %s is not three consecutive tiles of one suit", notation.FormatTiles(tiles))
			}
		default:
			return ev, fmt.Errorf("chow: expected the three tiles of the run, e.g. 789s")
		}
	case VerbPong, VerbKong, VerbWin, VerbQuint, VerbSextet, VerbPair:
		if len(tiles) > 1 && !same {
			return ev, fmt.Errorf("%s: expected one tile, found %s", verb, notation.FormatTiles(tiles))
		}
		max := map[Verb]int{VerbPong: 3, VerbKong: 4, VerbWin: 1, VerbQuint: 5, VerbSextet: 6, VerbPair: 2}[verb]
		if ev.Jokers > 0 && len(tiles)+ev.Jokers > max {
			return ev, fmt.Errorf("%s: %s written, a %s has %d", verb, words.Count(len(tiles)+ev.Jokers, "tile"), verb, max)
		}
		if len(tiles) > 1 {
			if len(tiles) > max {
				return ev, fmt.Errorf("%s: expected one tile, found %d", verb, len(tiles))
			}
			tiles = tiles[:1]
		}
	case VerbAddKong, VerbConcealedKong:
		if len(tiles) == 0 || !same || len(tiles) > 4 {
			return ev, fmt.Errorf("%s: expected the kong's tile, e.g. 5p", verb)
		}
		tiles = tiles[:1]
	case VerbFlower:
		if len(tiles) == 0 {
			return ev, fmt.Errorf("flower: expected the bonus tile laid out, e.g. 2f")
		}
		for _, t := range tiles {
			if !t.IsBonus() {
				return ev, fmt.Errorf("flower: %s is not a flower or season", t)
			}
		}
	case VerbPass:
		if len(tiles) > 1 {
			return ev, fmt.Errorf("pass: expected at most the tile passed on")
		}
	case VerbCharleston:
		switch {
		case ev.Blind > 0 && len(tiles)+ev.Blind > 3:
			return ev, fmt.Errorf("charleston: %s from the hand and %d blind make more than the three passed", words.Count(len(tiles), "tile"), ev.Blind)
		case ev.Blind == 0 && len(tiles) != 0 && len(tiles) != 3:
			return ev, fmt.Errorf("charleston: expected the three tiles passed (? for a tile not seen), or nothing")
		case ev.Blind > 0 && ev.Blind == 3 && len(tiles) > 0:
			return ev, fmt.Errorf("charleston: expected the three tiles passed (? for a tile not seen), or nothing")
		}
	case VerbCourtesy:
		if len(tiles) > 3 {
			return ev, fmt.Errorf("courtesy: expected up to three tiles passed")
		}
	case VerbExchange:
		if len(tiles) != 1 || tiles[0] == notation.Joker {
			return ev, fmt.Errorf("exchange: expected the natural tile given for a joker, e.g. 5p")
		}
	case VerbMisnamed:
		if len(tiles) != 2 {
			return ev, fmt.Errorf("misnamed: expected the tile discarded and the tile it was named as, e.g. 5p 6p")
		}
	}
	ev.Tiles = tiles
	if hasShows {
		sh, err := parseSeatHand(shows, opt)
		if err != nil {
			return ev, fmt.Errorf("%s: the hand after '=': %v", verb, err)
		}
		if ro.FlowersInHand {
			for _, b := range sh.Hand.Bonus {
				sh.Hand.Concealed[b.Tile]++
			}
			sh.Hand.Bonus = nil
		}
		if sh.Unknown > 0 || len(sh.Hand.Bonus) > 0 {
			return ev, fmt.Errorf("%s: the hand after '=' is the concealed tiles laid down, all seen, no flowers", verb)
		}
		ev.Shows = &sh.Hand
	}
	return ev, nil
}

func allSame(ts []notation.Tile) bool {
	for _, t := range ts {
		if t != ts[0] {
			return false
		}
	}
	return true
}

// sortedRun returns the lowest tile of three tiles that form a run, or NoTile.
func sortedRun(ts []notation.Tile) notation.Tile {
	if len(ts) != 3 {
		return notation.NoTile
	}
	return notation.RunStart(ts[0], ts[1], ts[2])
}
