package riichi

import (
	"errors"
	"fmt"
)

// MeldKind is how a meld was made.
type MeldKind uint8

// Meld kinds.
const (
	Chi       MeldKind = iota + 1 // a called sequence
	Pon                           // a called triplet
	OpenKan                       // a quad called from a discard (daiminkan)
	AddedKan                      // a called triplet made a quad (shouminkan, kakan)
	ClosedKan                     // a concealed quad (ankan); the hand stays closed
)

// Meld is a declared set. Tile is its lowest tile.
type Meld struct {
	Kind MeldKind
	Tile Tile
}

// Open reports whether the meld opens the hand.
func (m Meld) Open() bool { return m.Kind != ClosedKan }

// Quad reports whether the meld is a kan.
func (m Meld) Quad() bool { return m.Kind >= OpenKan }

// Hand is a complete riichi hand: the concealed tiles (the winning tile included), the melds, which tile won,
// and how many of its fives are red.
type Hand struct {
	Concealed Counts
	Melds     [4]Meld
	NumMelds  int
	Win       Tile
	Red       [3]uint8 // red fives in m, p, s, concealed or melded
}

// MeldList returns the melds.
func (h *Hand) MeldList() []Meld { return h.Melds[:h.NumMelds] }

// Closed reports whether the hand has no open meld.
func (h *Hand) Closed() bool {
	for i := 0; i < h.NumMelds; i++ {
		if h.Melds[i].Open() {
			return false
		}
	}
	return true
}

// AllTiles returns the counts of every tile in the hand, melds included (a kan counts four).
func (h *Hand) AllTiles() Counts {
	c := h.Concealed
	for i := 0; i < h.NumMelds; i++ {
		m := h.Melds[i]
		switch {
		case m.Kind == Chi:
			c[m.Tile]++
			c[m.Tile+1]++
			c[m.Tile+2]++
		case m.Quad():
			c[m.Tile] += 4
		default:
			c[m.Tile] += 3
		}
	}
	return c
}

// WinKind is how the winning tile came.
type WinKind uint8

// Win kinds. WinRinshan and WinHaitei are self-draws, WinChankan and WinHoutei are wins on another's tile.
const (
	WinRon WinKind = iota
	WinTsumo
	WinRinshan // the replacement tile after a kan
	WinChankan // robbing a kan
	WinHaitei  // the last tile of the wall
	WinHoutei  // the last discard
)

var winNames = [...]string{"ron", "tsumo", "rinshan", "chankan", "haitei", "houtei"}

// String returns the win kind's flag value.
func (w WinKind) String() string {
	if int(w) < len(winNames) {
		return winNames[w]
	}
	return fmt.Sprintf("win(%d)", uint8(w))
}

// SelfDrawn reports whether the winner drew the tile.
func (w WinKind) SelfDrawn() bool { return w == WinTsumo || w == WinRinshan || w == WinHaitei }

// Situation is everything about a win that is not the tiles.
type Situation struct {
	Win          WinKind
	Riichi       bool
	DoubleRiichi bool // riichi on the first turn (implies Riichi)
	Ippatsu      bool
	FirstTurn    bool // a win on the first draw with no call: tenhou (dealer) or chiihou
	Seat         Wind
	Prevailing   Wind
	Dora         []Tile // dora indicators
	Ura          []Tile // ura dora indicators, counted only with riichi
	Kita         int    // norths set aside as bonus tiles (three players only)
}

// Dealer reports whether the winner is East.
func (s *Situation) Dealer() bool { return s.Seat == WindEast }

// ErrNotComplete is returned for tiles that are not a complete hand in any reading.
var ErrNotComplete = errors.New("not a complete hand")

// ErrNoYaku is returned (with the best reading still filled in) for a complete hand with no yaku: dora alone
// do not make a win.
var ErrNoYaku = errors.New("no yaku")

// InputError is a hand or situation that cannot be: five of a tile, ippatsu without riichi.
type InputError struct {
	Field string // the field at fault: "tiles", "melds", "win", "red", "ippatsu", ...
	Msg   string
}

func (e *InputError) Error() string { return e.Msg }

func inputErr(field, msg string) error { return &InputError{Field: field, Msg: msg} }

// check validates the hand and situation against the options.
func check(h *Hand, s *Situation, o *Options) error {
	if h.NumMelds < 0 || h.NumMelds > 4 {
		return inputErr("melds", "a hand has at most four melds")
	}
	n := 0
	for _, c := range h.Concealed {
		n += int(c)
	}
	if want := 14 - 3*h.NumMelds; n != want {
		return inputErr("tiles", fmt.Sprintf("%d concealed tiles with %d melds: want %d (the winning tile included)", n, h.NumMelds, want))
	}
	for i := 0; i < h.NumMelds; i++ {
		m := h.Melds[i]
		if !m.Tile.Valid() || m.Kind < Chi || m.Kind > ClosedKan {
			return inputErr("melds", "a meld is not a set")
		}
		if m.Kind == Chi && (m.Tile.Honor() || m.Tile%9 > 6) {
			return inputErr("melds", fmt.Sprintf("a chi from %s is not a sequence", m.Tile))
		}
	}
	if !h.Win.Valid() || h.Concealed[h.Win] == 0 {
		return inputErr("win", "the winning tile must be one of the concealed tiles")
	}
	all := h.AllTiles()
	for t, c := range all {
		if c > 4 {
			return inputErr("tiles", fmt.Sprintf("%d of %s: there are four of each tile", c, Tile(t)))
		}
	}
	for suit := 0; suit < 3; suit++ {
		if h.Red[suit] > o.redLimit(suit) {
			if o.RedFives == 0 {
				return inputErr("red", "a red five, but this ruleset plays without red fives")
			}
			return inputErr("red", fmt.Sprintf("%d red 5%c: the set has %d", h.Red[suit], "mps"[suit], o.redLimit(suit)))
		}
		if h.Red[suit] > all[Tile(suit*9+4)] {
			return inputErr("red", fmt.Sprintf("%d red 5%c but only %d 5%c in the hand", h.Red[suit], "mps"[suit], all[Tile(suit*9+4)], "mps"[suit]))
		}
	}
	if o.Players == 3 {
		if err := checkSanma(h, s, all); err != nil {
			return err
		}
	} else if s.Kita != 0 {
		return inputErr("kita", "kita (norths set aside) are a three-player rule")
	}
	if s.Win > WinHoutei {
		return inputErr("win", "unknown win kind")
	}
	if s.Seat > WindNorth || s.Prevailing > WindNorth {
		return inputErr("seat", "a wind is E, S, W or N")
	}
	closed := h.Closed()
	if (s.Riichi || s.DoubleRiichi) && !closed {
		return inputErr("riichi", "riichi needs a closed hand")
	}
	if s.Ippatsu && !s.Riichi && !s.DoubleRiichi {
		return inputErr("ippatsu", "ippatsu needs riichi")
	}
	if s.FirstTurn {
		if s.Win != WinTsumo {
			return inputErr("first_turn", "a first-turn win (tenhou, chiihou) is a self-draw: renhou is not scored")
		}
		if h.NumMelds > 0 || s.Riichi || s.DoubleRiichi {
			return inputErr("first_turn", "a first-turn win has no meld and no riichi")
		}
	}
	if s.Win == WinRinshan && !hasQuad(h) {
		return inputErr("win", "a win on the kan replacement tile needs a kan")
	}
	for _, d := range s.Dora {
		if !d.Valid() {
			return inputErr("dora", "a dora indicator is not a tile")
		}
	}
	for _, d := range s.Ura {
		if !d.Valid() {
			return inputErr("ura", "an ura dora indicator is not a tile")
		}
	}
	return nil
}

// checkSanma refuses what three-player riichi does not have: 2m to 8m, a chi, a North seat, more
// norths than there are.
func checkSanma(h *Hand, s *Situation, all Counts) error {
	for t := Tile(1); t <= 7; t++ {
		if all[t] > 0 {
			return inputErr("tiles", fmt.Sprintf("%s: three-player riichi plays without 2m to 8m", t))
		}
	}
	for i := 0; i < h.NumMelds; i++ {
		if h.Melds[i].Kind == Chi {
			return inputErr("melds", "a chi: three-player riichi has no chi")
		}
	}
	if s.Seat == WindNorth {
		return inputErr("seat", "three players sit E, S and W: there is no North seat")
	}
	if s.Prevailing == WindNorth {
		return inputErr("prevailing", "a three-player game has no North round")
	}
	if s.Kita < 0 || s.Kita+int(all[North]) > 4 {
		return inputErr("kita", fmt.Sprintf("%d kita with %d norths in the hand: there are four norths", s.Kita, all[North]))
	}
	for _, d := range append(append([]Tile(nil), s.Dora...), s.Ura...) {
		if d >= 1 && d <= 7 {
			return inputErr("dora", fmt.Sprintf("%s is no indicator in three-player riichi (no 2m to 8m)", d))
		}
	}
	return nil
}

func hasQuad(h *Hand) bool {
	for i := 0; i < h.NumMelds; i++ {
		if h.Melds[i].Quad() {
			return true
		}
	}
	return false
}
