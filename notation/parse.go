package notation

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Error is a notation error: what was wrong and where. Offset counts characters from 0;
// the message names the 1-based column, as editors do.
type Error struct {
	Input  string
	Offset int
	Msg    string
	// Hint says what was probably meant, when the parser can tell ("" when it cannot): a card's
	// FF typed into a hand is two flowers, ff.
	Hint string
}

// Col returns the 1-based column of the error.
func (e *Error) Col() int { return e.Offset + 1 }

func (e *Error) Error() string { return fmt.Sprintf("col %d: %s", e.Col(), e.Msg) }

// ErrNotation matches every *Error with errors.Is.
var ErrNotation = errors.New("notation error")

// Is lets errors.Is(err, ErrNotation) match any notation error.
func (e *Error) Is(target error) bool { return target == ErrNotation }

// aliases are the Chinese honour names; the ASCII aliases (E S W N Wd Gd Rd) are read in token.
// Output always uses MPSZ.
var aliases = map[string]Tile{
	"東": East, "南": South, "西": West, "北": North,
	"白": White, "發": Green, "发": Green, "中": Red,
}

type placed struct {
	t       Tile
	col     int
	boosted bool
}

// Options change how Parse reads a few symbols that rule families write differently.
type Options struct {
	// ZeroIsWhite reads a 0 in a suit group (2026m) as the white dragon, as American cards write years.
	// Without it, 0m/0p/0s is a red five (Tenhou and Mahjong Soul), read as 5.
	ZeroIsWhite bool
	// EveryTileCounts says a hand is counted tile by tile, a kong as four and each bonus tile as
	// one (American, where a finished hand is 14 tiles, flowers and all): Hand.Count. Without it a
	// kong counts three and bonus tiles none (Hand.TileCount). Parsing is the same either way.
	EveryTileCounts bool
}

type parser struct {
	opt Options
	in  []rune
	pos int // index into in
	err *Error

	digits    []placed // pending digits with no suit yet (t holds the digit)
	digitCtx  context  // where the pending digits are written
	lastN     int      // how many tiles the last token added to all, for '*'
	concealed []placed
	bonus     []placed
	melds     []Meld
	meldCols  []int
	all       []placed // every tile in the order written, for the copy limits
	win       Tile
	winSet    bool
	red       [3]uint8 // red fives (0m 0p 0s) by suit

	// Backing arrays so a hand parses with few allocations.
	buf      [2][20]placed
	digitBuf [16]placed
	meldBuf  [8]placed
	bonusBuf [8]placed
}

// parsers keeps parsers, with their backing arrays, for reuse: a batch parses a hand per line.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// newParser returns a parser from the pool, reset to read s. Nothing it returns may point into it:
// Hand.Melds and Hand.Bonus are appended to fresh slices and errors copy the input.
func newParser(s string, opt Options) *parser {
	p := parsers.Get().(*parser)
	in := p.in[:0]
	*p = parser{opt: opt}
	for _, r := range s {
		in = append(in, r)
	}
	p.in = in
	return p
}

func (p *parser) fail(col int, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Input: string(p.in), Offset: col - 1, Msg: fmt.Sprintf(format, args...)}
	}
}

func (p *parser) col() int { return p.pos + 1 }

// Parse reads a hand in MPSZ notation (see the package documentation for the grammar).
// A 0 in a suit is a red five; see ParseWith for the American reading.
// Errors are *Error values naming the column.
func Parse(s string) (Hand, error) { return ParseWith(s, Options{}) }

// ParseWith is Parse with options.
func ParseWith(s string, opt Options) (Hand, error) {
	var h Hand
	err := ParseInto(&h, s, opt)
	return h, err
}

// ParseInto is ParseWith into *h, reusing the room of h's slices (a batch parses a line at a
// time into one Hand, and allocates nothing for most lines). The hand read is what ParseWith
// returns, except that a slice that is empty may be empty rather than nil; on an error *h is the
// zero Hand and the error is ParseWith's.
func ParseInto(h *Hand, s string, opt Options) error {
	_, err := ParseIntoText(h, s, opt)
	return err
}

// ParseIntoText is ParseInto that also says whether s is the hand's canonical text, what
// FormatWith(*h, opt) writes byte for byte, so that a caller that writes the hand back can write s
// (a batch of lines that mjref or a script wrote in its notation). It says so for the texts Format
// writes of hands without red fives, jokers, bare or boosted flowers; for other texts it may say
// false where the text is canonical, never true where it is not.
func ParseIntoText(h *Hand, s string, opt Options) (canonical bool, err error) {
	if ok, canon := parseSimpleInto(h, s); ok { // what Format writes, and most input
		// ZeroIsWhite writes concealed white dragons as zeros, which the fast path never reads.
		return canon && !(opt.ZeroIsWhite && h.Concealed[White] > 0), nil
	}
	g, err := parseGeneral(s, opt)
	*h = g
	return false, err
}

// parseGeneral is ParseWith without its fast path: any input, every error.
func parseGeneral(s string, opt Options) (Hand, error) {
	if !utf8.ValidString(s) {
		return Hand{}, &Error{Input: s, Msg: "input is not valid UTF-8"}
	}
	p := newParser(s, opt)
	defer parsers.Put(p)
	p.all, p.concealed = p.buf[0][:0], p.buf[1][:0]
	p.digits, p.bonus = p.digitBuf[:0], p.bonusBuf[:0]
	p.parse()
	if p.err != nil {
		return Hand{}, p.err
	}
	p.checkLimits()
	if p.err != nil {
		return Hand{}, p.err
	}
	var h Hand
	for _, pl := range p.concealed {
		h.Concealed[pl.t]++
	}
	if p.winSet {
		h.Win = p.win
	} else if n := len(p.concealed); n > 0 {
		h.Win = p.concealed[n-1].t
	}
	h.Melds = p.melds
	h.Red = p.red
	for _, b := range p.bonus {
		h.Bonus = append(h.Bonus, BonusTile{Tile: b.t, Boosted: b.boosted})
	}
	h.Canonicalize()
	return h, nil
}

// MustParse is Parse for literals and tests: it panics on an error.
func MustParse(s string) Hand {
	h, err := Parse(s)
	if err != nil {
		panic(fmt.Sprintf("notation.MustParse(%q): %v", s, err))
	}
	return h
}

// ParseTiles reads a plain list of tiles ("1m2m3p", "123m E Rd 2f"): no melds, no '+', no '*'.
// The tiles come back in the order written.
func ParseTiles(s string) ([]Tile, error) { return ParseTilesWith(s, Options{}) }

// ParseTilesWith is ParseTiles with options.
func ParseTilesWith(s string, opt Options) ([]Tile, error) {
	if !utf8.ValidString(s) {
		return nil, &Error{Input: s, Msg: "input is not valid UTF-8"}
	}
	p := newParser(s, opt)
	defer parsers.Put(p)
	for p.pos < len(p.in) && p.err == nil {
		r := p.in[p.pos]
		switch r {
		case '[', ']', '(', ')', '+', '*', '@':
			p.fail(p.col(), "unexpected %q: a tile list has no melds or marks", r)
		default:
			p.token(ctxConcealed)
		}
	}
	p.flushDigits()
	if p.err != nil {
		return nil, p.err
	}
	ts := make([]Tile, 0, len(p.all))
	for _, pl := range p.all {
		ts = append(ts, pl.t)
	}
	return ts, nil
}

// maxQuotedDigits is how many digits of a run without a suit letter an error quotes.
const maxQuotedDigits = 20

type context int

const (
	ctxConcealed context = iota
	ctxMeld
	ctxKong
)

func (p *parser) parse() {
	for p.pos < len(p.in) && p.err == nil {
		r := p.in[p.pos]
		switch r {
		case '[', '(':
			p.flushDigits()
			p.meld(r)
		case ']', ')':
			p.flushDigits()
			p.fail(p.col(), "%q without a matching opening bracket", r)
		case '+':
			p.flushDigits()
			if p.winSet {
				p.fail(p.col(), "a second '+': a hand has one winning tile")
				return
			}
			plusCol := p.col()
			p.pos++
			p.skipSpace()
			start := len(p.all)
			for p.pos < len(p.in) && p.err == nil && len(p.all) == start && !isSpace(p.in[p.pos]) {
				p.token(ctxConcealed)
			}
			p.flushDigits()
			if p.err != nil {
				return
			}
			got := p.all[start:]
			if len(got) != 1 || got[0].t.IsBonus() {
				p.fail(plusCol, "'+' must be followed by exactly one winning tile, e.g. +5m")
				return
			}
			p.win, p.winSet = got[0].t, true
		case '*':
			p.flushDigits()
			if p.lastN != 1 || len(p.bonus) == 0 || p.all[len(p.all)-1] != p.bonus[len(p.bonus)-1] {
				p.fail(p.col(), "'*' marks one bonus tile as boosted: write it right after the tile, e.g. 2f*")
				return
			}
			p.bonus[len(p.bonus)-1].boosted = true
			p.lastN = 0
			p.pos++
		case '@':
			p.fail(p.col(), "'@SEAT' marks a meld: write it inside the brackets, e.g. [555p@W]")
		default:
			p.token(ctxConcealed)
		}
	}
	p.flushDigits()
}

// seatOf reads a seat letter: E, S, W or N.
func seatOf(r rune) Seat {
	switch r {
	case 'E':
		return SeatEast
	case 'S':
		return SeatSouth
	case 'W':
		return SeatWest
	case 'N':
		return SeatNorth
	}
	return NoSeat
}

func (p *parser) skipSpace() {
	for p.pos < len(p.in) && isSpace(p.in[p.pos]) {
		p.pos++
	}
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == ',' }

// flushDigits reports digits left without a suit letter. Under ZeroIsWhite a run of zeros needs none:
// "0000" is four white dragons, as American cards write them.
func (p *parser) flushDigits() {
	if len(p.digits) > 0 && p.opt.ZeroIsWhite && !slices.ContainsFunc(p.digits, func(d placed) bool { return d.t != 0 }) {
		start := len(p.all)
		for _, d := range p.digits {
			p.add(p.digitCtx, placed{t: White, col: d.col})
		}
		p.digits = p.digits[:0]
		p.lastN = len(p.all) - start
		return
	}
	if len(p.digits) > 0 {
		var b strings.Builder
		for i, d := range p.digits {
			if i == maxQuotedDigits {
				b.WriteString("…") // a long run is quoted short
				break
			}
			b.WriteByte(byte('0' + d.t))
		}
		p.fail(p.digits[0].col, "digits %q have no suit letter: expected m, p, s, z or f after them", b.String())
		p.digits = nil
	}
}

// token reads one character's worth of input: a digit, a suit letter, an alias, a joker or a space.
func (p *parser) token(ctx context) {
	r := p.in[p.pos]
	col := p.col()
	switch {
	case isSpace(r):
		p.flushDigits()
		p.pos++
		return
	case r >= '0' && r <= '9':
		p.digits = append(p.digits, placed{t: Tile(r - '0'), col: col})
		p.digitCtx = ctx
		p.pos++
		return
	}
	switch r {
	case 'm', 'p', 's', 'z':
		p.suitGroup(r, ctx)
		p.pos++
		return
	case 'f':
		p.flowerGroup(ctx)
		p.pos++
		return
	case 'J':
		p.flushDigits()
		p.pos++
		p.add(ctx, placed{t: Joker, col: col})
		return
	}
	// Aliases: two-letter dragons first, then single characters.
	t, width := NoTile, 0
	if p.pos+1 < len(p.in) && p.in[p.pos+1] == 'd' {
		switch r {
		case 'W':
			t, width = White, 2
		case 'G':
			t, width = Green, 2
		case 'R':
			t, width = Red, 2
		}
	}
	if t == NoTile {
		if s := seatOf(r); s != NoSeat && r < 128 {
			t, width = s.Wind(), 1
		} else if a, ok := aliases[string(r)]; ok {
			t, width = a, 1
		}
	}
	if t == NoTile {
		p.fail(col, "unknown letter %q: expected a digit, a suit letter (m p s z f), an honour (E S W N Wd Gd Rd), J, brackets or +", r)
		if p.err.Offset == col-1 {
			switch {
			case r == 'F':
				p.err.Hint = "a card writes flowers F; a hand writes them f: ff for a card's FF (or numbered, 1f 2f)"
			case r == 'M' || r == 'P' || r == 'Z':
				p.err.Hint = fmt.Sprintf("suit letters are lower case: %c, as in 123%c", unicode.ToLower(r), unicode.ToLower(r))
			case r >= '０' && r <= '９', r >= 'ａ' && r <= 'ｚ', r >= 'Ａ' && r <= 'Ｚ':
				a := r - 0xFEE0 // the ASCII character it stands for
				if a == 'M' || a == 'P' || a == 'Z' {
					a = unicode.ToLower(a)
				}
				p.err.Hint = fmt.Sprintf("%q is a full-width character: write it as %c (the input method's half-width mode)", r, a)
			}
		}
		return
	}
	p.flushDigits()
	p.pos += width
	p.add(ctx, placed{t: t, col: col})
}

func (p *parser) suitGroup(r rune, ctx context) {
	col := p.col()
	if len(p.digits) == 0 {
		p.fail(col, "suit letter %q has no digits before it: write e.g. 123%c", r, r)
		return
	}
	suit := suitOfLetter(byte(r)) // m, p, s or z
	start := len(p.all)
	for _, d := range p.digits {
		n := int(d.t)
		t := NewTile(suit, n)
		if n == 0 && suit != Honor {
			t = NewTile(suit, 5) // Tenhou and Mahjong Soul write a red five as 0
			if p.opt.ZeroIsWhite {
				t = White // American cards write the white dragon as 0 in years: 2026
			} else if p.red[suit-Man] < 255 {
				p.red[suit-Man]++
			}
		}
		if t == NoTile {
			if suit == Honor {
				p.fail(d.col, "%dz is not a tile: honours are 1z-7z (East South West North White Green Red)", n)
			} else {
				p.fail(d.col, "%d%c is not a tile", n, r)
			}
			return
		}
		p.add(ctx, placed{t: t, col: d.col})
	}
	p.digits = p.digits[:0]
	p.lastN = len(p.all) - start
}

func (p *parser) flowerGroup(ctx context) {
	start := len(p.all)
	if len(p.digits) == 0 {
		p.add(ctx, placed{t: Flower, col: p.col()})
	}
	for _, d := range p.digits {
		t := NewTile(Bonus, int(d.t))
		if d.t == 0 || t == NoTile {
			p.fail(d.col, "%df is not a tile: flowers are 1f-4f, seasons 5f-8f, or a bare f", d.t)
			return
		}
		p.add(ctx, placed{t: t, col: d.col})
	}
	p.digits = p.digits[:0]
	p.lastN = len(p.all) - start
}

// add places a tile read in context ctx.
func (p *parser) add(ctx context, pl placed) {
	if p.err != nil {
		return
	}
	p.all = append(p.all, pl)
	p.lastN = 1
	switch {
	case ctx != ctxConcealed:
		p.concealed = append(p.concealed, pl) // a meld's tiles are collected by meld()
	case pl.t.IsBonus():
		p.bonus = append(p.bonus, pl)
	default:
		p.concealed = append(p.concealed, pl)
	}
}

// meld reads "[...]" or "(...)" starting at the opening bracket.
func (p *parser) meld(open rune) {
	openCol := p.col()
	closeR, ctx := ']', ctxMeld
	if open == '(' {
		closeR, ctx = ')', ctxKong
	}
	p.pos++
	saved := p.concealed
	p.concealed = p.meldBuf[:0]
	from := NoSeat
	closed := false
	for p.pos < len(p.in) && p.err == nil {
		r := p.in[p.pos]
		if r == closeR {
			p.flushDigits()
			p.pos++
			closed = true
			break
		}
		switch r {
		case '[', '(', ']', ')':
			p.flushDigits()
			p.fail(p.col(), "unexpected %q inside %q: expected %q", r, open, closeR)
		case '+', '*':
			p.flushDigits()
			p.fail(p.col(), "unexpected %q inside a meld", r)
		case '@':
			p.flushDigits()
			if ctx == ctxKong {
				p.fail(p.col(), "a concealed kong has no discarder: '@' marks exposed melds only")
				break
			}
			seatCol := p.col()
			p.pos++
			if p.pos >= len(p.in) {
				p.fail(seatCol, "'@' must be followed by the seat that discarded the tile: E, S, W or N")
				break
			}
			s := seatOf(p.in[p.pos])
			if s == NoSeat {
				p.fail(p.col(), "'@' must be followed by the seat that discarded the tile: E, S, W or N")
				break
			}
			from = s
			p.pos++
			if p.pos < len(p.in) && p.in[p.pos] != closeR {
				p.fail(p.col(), "expected %q after the seat mark", closeR)
			}
		default:
			p.token(ctx)
		}
	}
	tiles := p.concealed
	p.concealed = saved
	if p.err != nil {
		return
	}
	if !closed {
		p.fail(openCol, "unclosed %q: expected %q", open, closeR)
		return
	}
	m, msg := makeMeld(tiles, ctx == ctxKong)
	if msg != "" {
		p.fail(openCol, "%s", msg)
		return
	}
	m.From = from
	p.melds = append(p.melds, m)
	p.meldCols = append(p.meldCols, openCol)
}

func makeMeld(tiles []placed, concealed bool) (Meld, string) {
	var naturals []Tile
	jokers := 0
	for _, pl := range tiles {
		switch {
		case pl.t == Joker:
			jokers++
		case pl.t.IsBonus() && pl.t != Flower:
			return Meld{}, fmt.Sprintf("%s is a bonus tile: it is laid out beside the hand, not in a meld", pl.t)
		default:
			naturals = append(naturals, pl.t)
		}
	}
	if concealed {
		if len(tiles) != 4 || jokers > 0 || naturals[0] == Flower || !allSame(naturals) {
			return Meld{}, "a concealed kong is four identical tiles, e.g. (7777s)"
		}
		return Meld{Kind: Kong, Tile: naturals[0], Concealed: true}, ""
	}
	if len(naturals) == 0 {
		return Meld{}, "a meld needs at least one natural tile besides jokers"
	}
	n := len(tiles)
	if allSame(naturals) {
		switch {
		case n < 3:
			if n == 1 {
				return Meld{}, "a meld of 1 tile: a pair or single cannot be exposed (a set is 3 to 6 tiles)"
			}
			return Meld{}, fmt.Sprintf("a meld of %d tiles: a pair or single cannot be exposed (a set is 3 to 6 tiles)", n)
		case n > 6:
			return Meld{}, fmt.Sprintf("a meld of %d tiles: a set is 3 to 6 tiles", n)
		}
		return Meld{Kind: MeldKind(n - 1), Tile: naturals[0], Jokers: uint8(jokers)}, ""
	}
	// Different tiles: only a chow of three.
	if n == 4 && jokers == 0 {
		return Meld{}, "a kong must be four identical tiles"
	}
	if jokers > 0 {
		return Meld{}, "jokers stand only in sets of identical tiles, never in a chow"
	}
	if n != 3 {
		return Meld{}, fmt.Sprintf("a meld of %d different tiles: a chow is three tiles in a run", n)
	}
	for _, t := range naturals {
		if !t.IsSuited() {
			return Meld{}, "a chow must be three suit tiles in a run: honours and flowers cannot form a chow"
		}
	}
	a, b, c := sort3(naturals[0], naturals[1], naturals[2])
	if a.Suit() != c.Suit() {
		return Meld{}, "a chow must be three tiles of one suit"
	}
	if b != a+1 || c != b+1 {
		return Meld{}, fmt.Sprintf("%s is not a run: a chow is three consecutive tiles of one suit", FormatTiles([]Tile{a, b, c}))
	}
	return Meld{Kind: Chow, Tile: a}, ""
}

// RunStart returns the lowest of three tiles that form a run of one suit (a chow), in any order,
// or NoTile when they do not.
func RunStart(a, b, c Tile) Tile {
	a, b, c = sort3(a, b, c)
	if !a.IsSuited() || !c.IsSuited() || a.Suit() != c.Suit() || b != a+1 || c != b+1 {
		return NoTile
	}
	return a
}

func sort3(a, b, c Tile) (Tile, Tile, Tile) {
	if a > b {
		a, b = b, a
	}
	if b > c {
		b, c = c, b
	}
	if a > b {
		a, b = b, a
	}
	return a, b, c
}

func allSame(ts []Tile) bool {
	for _, t := range ts {
		if t != ts[0] {
			return false
		}
	}
	return true
}

// checkLimits enforces the physical supply: four of each playing tile, one of each numbered bonus tile,
// eight flowers in all, eight jokers.
func (p *parser) checkLimits() {
	var c Counts
	flowers := 0
	for _, pl := range p.all {
		c[pl.t]++
		switch {
		case pl.t.IsPlaying() && c[pl.t] > 4:
			p.fail(pl.col, "a fifth %s: there are only four of each tile", pl.t)
		case pl.t.IsBonus() && pl.t != Flower && c[pl.t] > 1:
			p.fail(pl.col, "a second %s: there is one of each numbered flower and season", pl.t)
		case pl.t == Joker && c[pl.t] > 8:
			p.fail(pl.col, "a ninth joker: there are only eight")
		}
		if pl.t.IsBonus() {
			flowers++
			if flowers > 8 {
				p.fail(pl.col, "a ninth flower: there are only eight flowers and seasons")
			}
		}
		if p.err != nil {
			return
		}
	}
}

// Format writes h in canonical notation: concealed tiles grouped by suit and sorted (the winning tile
// after '+' unless it is the last tile), then melds, then bonus tiles. Parse(Format(h)) == h.
func Format(h Hand) string { return FormatWith(h, Options{}) }

// FormatWith is Format for a hand read with opt: under ZeroIsWhite the concealed white dragons are
// written as zeros ("0 226m"), as American cards write them, before the other tiles (after them when
// a white dragon is the winning tile), and the text reads back under the same options.
func FormatWith(h Hand, opt Options) string {
	var buf [64]byte
	return string(AppendFormatWith(buf[:0], h, opt))
}

// AppendFormatWith appends h as FormatWith writes it, without allocating for a hand of usual size.
func AppendFormatWith(b []byte, h Hand, opt Options) []byte {
	start := len(b)
	sep := func() []byte { // parts are separated by a space; none is empty
		if len(b) > start {
			b = append(b, ' ')
		}
		return b
	}
	c := h.Concealed
	if opt.ZeroIsWhite && c[White] > 0 {
		zeros := int(c[White])
		c[White] = 0
		switch {
		case c.Total() == 0:
			b = appendZeros(b, zeros)
		case h.Win == White:
			b = appendZeros(append(appendCounts(b, &c), ' '), zeros)
		default:
			b = appendConcealed(append(appendZeros(b, zeros), ' '), c, h.Win)
		}
	} else {
		b = appendConcealed(b, c, h.Win) // nothing when there are no concealed tiles
	}
	for _, m := range h.Melds {
		b = m.AppendText(sep())
	}
	if len(h.Bonus) > 0 {
		b = sep()
		var plain [16]Tile
		ts := plain[:0]
		for _, bt := range h.Bonus {
			if !bt.Boosted && bt.Tile != Flower {
				ts = append(ts, bt.Tile)
			}
		}
		b = AppendTiles(b, ts)
		for _, bt := range h.Bonus {
			if bt.Boosted || bt.Tile == Flower {
				b = append(b, bt.Tile.String()...)
				if bt.Boosted {
					b = append(b, '*')
				}
			}
		}
	}
	return b
}

func appendZeros(b []byte, n int) []byte {
	for range n {
		b = append(b, '0')
	}
	return b
}

// appendCounts appends the tiles of c in tile order.
func appendCounts(b []byte, c *Counts) []byte {
	var arr [32]Tile
	return AppendTiles(b, c.appendTiles(arr[:0]))
}

// appendConcealed appends the concealed tiles c with the winning tile after '+' unless it is the
// last of them.
func appendConcealed(b []byte, c Counts, win Tile) []byte {
	last := NoTile
	for t := Tile(NumTiles - 1); t > NoTile; t-- {
		if c[t] > 0 {
			last = t
			break
		}
	}
	if last == NoTile {
		return b
	}
	moved := win != NoTile && c[win] > 0 && last != win
	if moved {
		c[win]-- // one copy of the winning tile goes after '+'
	}
	if last <= Red {
		b = appendPlaying(b, &c)
	} else {
		var arr [32]Tile
		b = AppendTiles(b, c.appendTiles(arr[:0]))
	}
	if moved {
		b = append(append(b, '+'), win.String()...)
	}
	return b
}

// appendPlaying appends the playing tiles c holds as AppendTiles writes them in tile order: each
// suit's digits, then its letter. It writes a hand without listing its tiles first, and without a
// branch on each tile's count: four copies of each digit are stored and the count kept.
func appendPlaying(b []byte, c *Counts) []byte {
	var buf [4*34 + 4 + 4]byte // four of each tile, four letters, and room for the last store
	j := 0
	for s := range 4 {
		base, n := M1+Tile(9*s), 9
		if s == 3 {
			n = 7
		}
		from := j
		for i := range n {
			k := c[base+Tile(i)]
			if k > 4 { // more than a set holds: not a hand Parse reads
				return appendPlayingEach(b, c)
			}
			binary.LittleEndian.PutUint32(buf[j:], uint32('1'+i)*0x01010101)
			j += int(k)
		}
		if j > from {
			buf[j] = "mpsz"[s]
			j++
		}
	}
	return append(b, buf[:j]...)
}

// appendPlayingEach is appendPlaying a tile at a time, for counts of any size.
func appendPlayingEach(b []byte, c *Counts) []byte {
	for s := range 4 {
		base, n := M1+Tile(9*s), 9
		if s == 3 {
			n = 7
		}
		from := len(b)
		for i := range n {
			for range c[base+Tile(i)] {
				b = append(b, byte('1'+i))
			}
		}
		if len(b) > from {
			b = append(b, "mpsz"[s])
		}
	}
	return b
}
