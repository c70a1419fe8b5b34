package riichilog

import (
	"fmt"
	"strconv"
)

// Format is a log format Read understands.
type Format string

// The formats.
const (
	Mjlog   Format = "mjlog"   // Tenhou's XML game record, plain or gzip
	Tenhou6 Format = "tenhou6" // the tenhou.net/6 JSON document (title, name, rule, log)
	Mjai    Format = "mjai"    // mjai JSON Lines, one event object a line
)

// Tile is one tile as a log names it. Kind is 0–33: 1m–9m, 1p–9p, 1s–9s, then the honours E S W N
// and white, green, red (1z–7z). Red marks a red five. ID is Tenhou's 136-tile id (kind×4 plus the
// copy), or -1 when the log names only the kind (tenhou.net/6, mjai).
type Tile struct {
	ID   int16
	Kind uint8
	Red  bool
}

// NoTile is the zero value's stand-in where a log has no tile (an ankan has no called tile).
var NoTile = Tile{ID: -1, Kind: 255}

// Valid reports whether t is a tile (not NoTile).
func (t Tile) Valid() bool { return t.Kind < 34 }

// String writes t in MPSZ notation, a red five as 0m/0p/0s: "5m", "0p", "7z"; "-" for NoTile.
func (t Tile) String() string {
	if !t.Valid() {
		return "-"
	}
	suit := "mpsz"[t.Kind/9]
	n := int(t.Kind%9) + 1
	if t.Red {
		n = 0
	}
	return strconv.Itoa(n) + string(suit)
}

// MarshalText writes the tile's notation, so JSON shows "5m".
func (t Tile) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// tileFromID returns the tile with Tenhou id id (0–135); red says whether the game plays red fives,
// in which case ids 16, 52 and 88 are the red 5m, 5p and 5s.
func tileFromID(id int, red bool) Tile {
	return Tile{ID: int16(id), Kind: uint8(id / 4), Red: red && (id == 16 || id == 52 || id == 88)}
}

// Rules are the rule flags a log records (mjlog's GO type; tenhou.net/6's rule.aka; mjai has none
// and the Tenhou defaults are assumed).
type Rules struct {
	// Type is mjlog's GO type as recorded (-1 when the log has none).
	Type    int  `json:"type"`
	Players int  `json:"players"` // 4, or 3 for sanma
	Red     bool `json:"red_fives"`
	Kuitan  bool `json:"kuitan"`  // open tanyao counts
	Hanchan bool `json:"hanchan"` // an east-south game; false: east only (tonpuusen)
	Fast    bool `json:"fast"`
	// Other is the GO type's bits beyond the eight known ones (0x100 and up: chip and ratio lobbies),
	// which select rules no preset describes.
	Other int    `json:"other_bits,omitempty"`
	Lobby string `json:"lobby,omitempty"`
	// Stated is false when the log says nothing of its rules and these are assumed.
	Stated bool `json:"stated"`
}

// GO type bits, as Tenhou writes them.
const (
	goHuman   = 0x01
	goNoRed   = 0x02
	goNoKui   = 0x04
	goHanchan = 0x08
	goSanma   = 0x10
	goExpert  = 0x20
	goFast    = 0x40
	goAdv     = 0x80
	goKnown   = 0xff
)

// rulesFromType decodes a GO type.
func rulesFromType(t int) Rules {
	r := Rules{Type: t, Players: 4, Red: t&goNoRed == 0, Kuitan: t&goNoKui == 0, Hanchan: t&goHanchan != 0,
		Fast: t&goFast != 0, Other: t &^ goKnown, Stated: true}
	if t&goSanma != 0 {
		r.Players = 3
	}
	return r
}

// defaultRules are Tenhou's usual rules (red fives, kuitan, hanchan, four players), for a log that
// records none.
func defaultRules() Rules {
	return Rules{Type: -1, Players: 4, Red: true, Kuitan: true, Hanchan: true}
}

// Game is one game read from a log.
type Game struct {
	Format Format   `json:"format"`
	Rules  Rules    `json:"rules"`
	Names  []string `json:"names"`
	// Seed is mjlog's SHUFFLE seed (or mjai's start_game seed), as recorded.
	Seed string `json:"seed,omitempty"`
	// FirstDealer is the seat that deals the first hand.
	FirstDealer int     `json:"first_dealer"`
	Rounds      []Round `json:"rounds"`
	// Final is the game's end as recorded (mjlog owari, mjai end_game), or nil.
	Final *Final `json:"final,omitempty"`
}

// Final is what a log records at the game's end.
type Final struct {
	// Scores are each seat's points.
	Scores []int `json:"scores"`
	// Results are the game's result per seat after uma and oka, as recorded (mjlog owari), or nil.
	Results []float64 `json:"results,omitempty"`
	Pos     Pos       `json:"pos"`
}

// Round is one hand of the game (a kyoku): the deal, the play and its results.
type Round struct {
	Pos Pos `json:"pos"`
	// Wind is the prevailing wind, 0 east to 3 north; Number is 1–4, the dealer's turn in it.
	Wind   int `json:"wind"`
	Number int `json:"number"`
	Honba  int `json:"honba"`
	// Sticks are the riichi sticks on the table when the hand begins.
	Sticks int `json:"sticks"`
	Dealer int `json:"dealer"`
	// Scores are each seat's points when the hand begins.
	Scores []int `json:"scores"`
	// Dora are the dora indicators showing at the deal (DORA events add the kan dora).
	Dora []Tile `json:"dora"`
	// Hands are the tiles dealt to each seat (empty for a seat not at the table).
	Hands   [][]Tile `json:"hands"`
	Events  []Event  `json:"events"`
	Results []Result `json:"results"`
}

// Name is the round as players write it: "E1", "S3".
func (r Round) Name() string {
	return fmt.Sprintf("%c%d", "ESWN"[r.Wind&3], r.Number)
}

// EventKind is what an event does.
type EventKind string

// The events.
const (
	Draw      EventKind = "draw"
	Discard   EventKind = "discard"
	Call      EventKind = "call"            // a meld: chi, pon, the kans, kita
	Riichi    EventKind = "riichi"          // declared (Tenhou REACH step 1)
	RiichiOK  EventKind = "riichi-accepted" // the stick is down (step 2)
	DoraShown EventKind = "dora"            // a new dora indicator
	Leave     EventKind = "leave"           // a player disconnected (BYE)
	Return    EventKind = "return"          // a player came back (UN during play)
)

// Event is one step of a hand.
type Event struct {
	Kind EventKind `json:"kind"`
	Seat int       `json:"seat"`
	Tile Tile      `json:"tile"`
	// Tsumogiri marks a discard of the tile just drawn.
	Tsumogiri bool  `json:"tsumogiri,omitempty"`
	Meld      *Meld `json:"meld,omitempty"`
	// Scores are each seat's points after a riichi stick is paid, when the log records them.
	Scores []int `json:"scores,omitempty"`
	Pos    Pos   `json:"pos"`
}

// MeldKind is the kind of a call.
type MeldKind string

// The melds.
const (
	Chi       MeldKind = "chi"
	Pon       MeldKind = "pon"
	Daiminkan MeldKind = "daiminkan" // an open kan on a discard
	Kakan     MeldKind = "kakan"     // a kan added to a pon
	Ankan     MeldKind = "ankan"     // a concealed kan
	Kita      MeldKind = "kita"      // a north set aside (three players)
)

// Meld is one call.
type Meld struct {
	Kind MeldKind `json:"kind"`
	// Tiles are all the meld's tiles, the called (or added) one included.
	Tiles []Tile `json:"tiles"`
	// Called is the tile taken from another seat, or the one added to a pon (kakan), or the
	// north set aside; NoTile for an ankan.
	Called Tile `json:"called"`
	// From is the seat the called tile came from (for a kakan, the pon's), or -1.
	From int `json:"from"`
	// Code is mjlog's m attribute (0 in other formats).
	Code int `json:"code,omitempty"`
}

// ResultKind is how a hand ended.
type ResultKind string

// The results.
const (
	Ron      ResultKind = "ron"
	Tsumo    ResultKind = "tsumo"
	DrawEnd  ResultKind = "draw"  // exhaustive draw (nagashi mangan included)
	AbortEnd ResultKind = "abort" // abortive draw: nine terminals, four riichi, four kans, four winds, triple ron
)

// Limit is the limit a win is paid at, as Tenhou's ten records it.
type Limit int

// The limits.
const (
	NoLimit Limit = iota
	Mangan
	Haneman
	Baiman
	Sanbaiman
	Yakuman
)

var limitNames = [...]string{"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"}

// String names the limit ("" for none).
func (l Limit) String() string {
	if l < 0 || int(l) >= len(limitNames) {
		return "limit " + strconv.Itoa(int(l))
	}
	return limitNames[l]
}

// Result is one AGARI or RYUUKYOKU (or its equivalent), with what the log records of it.
type Result struct {
	Kind ResultKind `json:"kind"`
	// Draw is the kind of draw as Tenhou writes it: "" exhaustive, "nm" nagashi mangan, "yao9",
	// "reach4", "ron3", "kan4", "kaze4" (tenhou.net/6 and mjai names are mapped to these).
	Draw string `json:"draw,omitempty"`
	// Winner, From (the discarder; the winner on tsumo) and Pao (the responsible seat) are seats, or -1.
	Winner int `json:"winner"`
	From   int `json:"from"`
	Pao    int `json:"pao"`
	// Hand is the winner's concealed tiles, the winning tile included; Melds the calls.
	Hand    []Tile `json:"hand,omitempty"`
	Melds   []Meld `json:"melds,omitempty"`
	WinTile Tile   `json:"win_tile"`
	// Valued says whether the log states the hand's value (fu, points, limit, yaku); mjai often does not.
	Valued bool   `json:"valued"`
	Fu     int    `json:"fu"`
	Han    int    `json:"han"`
	Points int    `json:"points"`
	Limit  Limit  `json:"limit"`
	Yaku   []Yaku `json:"yaku,omitempty"`
	Dora   []Tile `json:"dora,omitempty"`
	Ura    []Tile `json:"ura,omitempty"`
	// Honba and Sticks are those the log states at this result (Tenhou's ba).
	Honba  int `json:"honba"`
	Sticks int `json:"sticks"`
	// Scores are each seat's points before this result, when the log records them; Deltas each
	// seat's change from it, honba and sticks included.
	Scores []int `json:"scores,omitempty"`
	Deltas []int `json:"deltas"`
	// Extra is what the log records beyond points (mjlog chip games: chip counts and changes).
	Extra []int `json:"extra,omitempty"`
	// Tenpai are the seats that showed a ready hand at a draw; TenpaiShown says whether the log
	// records them (mjlog always does; mjai's ryukyoku may not).
	Tenpai      []int `json:"tenpai,omitempty"`
	TenpaiShown bool  `json:"tenpai_shown"`
	Pos         Pos   `json:"pos"`
}

// Yaku is one scoring item a win records: Tenhou's id (or -1), its names and its han (13 for each
// yakuman).
type Yaku struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Japanese string `json:"japanese"`
	Han      int    `json:"han"`
	Yakuman  bool   `json:"yakuman,omitempty"`
}

// Pos is where something is in a log: an mjlog element (its index among the elements, 1-based, its
// tag and byte offset), a line of mjai, or a JSON path in tenhou.net/6.
type Pos struct {
	Element int    `json:"element,omitempty"`
	Tag     string `json:"tag,omitempty"`
	Offset  int64  `json:"offset,omitempty"`
	Line    int    `json:"line,omitempty"`
	Path    string `json:"path,omitempty"`
}

// String writes the position the way errors name it: "element 57 <N> at byte 2301", "line 12",
// "log[3][5]".
func (p Pos) String() string {
	switch {
	case p.Element > 0:
		// Every step of a game names its place: strconv, not fmt.
		b := make([]byte, 0, 40)
		b = append(b, "element "...)
		b = strconv.AppendInt(b, int64(p.Element), 10)
		b = append(b, " <"...)
		b = append(b, p.Tag...)
		b = append(b, "> at byte "...)
		b = strconv.AppendInt(b, p.Offset, 10)
		return string(b)
	case p.Line > 0:
		return "line " + strconv.Itoa(p.Line)
	case p.Path != "":
		return p.Path
	}
	return "the start"
}
