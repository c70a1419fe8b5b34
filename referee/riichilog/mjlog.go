package riichilog

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mjref/mjref/internal/safeio"
)

// mjlogParser reads the elements of one mjlog in order.
type mjlogParser struct {
	g     *Game
	round *Round
	// seen marks the tile ids dealt, drawn or shown in this round; hand each seat's tiles.
	seen [136]bool
	hand [4][136]bool
	// lastDiscard is the last tile discarded and by whom (-1 when the last step was not a discard).
	lastDiscard Tile
	lastFrom    int
	lastDraw    [4]int16
	players     int
	inited      bool
}

// readMjlog reads a Tenhou mjlog document. encoding/xml expands only the five predefined entities
// and character references (Decoder.Entity is left nil); a DOCTYPE, where custom entities would be
// declared, is refused outright.
func readMjlog(data []byte) (*Game, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	p := &mjlogParser{g: &Game{Format: Mjlog, Rules: defaultRules()}, lastFrom: -1, lastDraw: [4]int16{-1, -1, -1, -1}}
	n, depth := 0, 0
	root := false
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, xmlError(err, n, off)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n++
			pos := Pos{Element: n, Tag: t.Name.Local, Offset: off}
			if n > MaxElements {
				return nil, errorf(Mjlog, pos, "more than %d elements: the limit for one game", MaxElements)
			}
			attrs, err := attrMap(t, pos)
			if err != nil {
				return nil, err
			}
			depth++
			switch {
			case depth == 1:
				if t.Name.Local != "mjloggm" {
					return nil, errorf(Mjlog, pos, "the document is <%s>, not a Tenhou game log <mjloggm>", clip(t.Name.Local))
				}
				root = true
			case depth == 2:
				if err := p.element(t.Name.Local, attrs, pos); err != nil {
					return nil, err
				}
			default:
				return nil, errorf(Mjlog, pos, "an element inside <%s>: an mjlog's elements are not nested", clip(t.Name.Local))
			}
		case xml.EndElement:
			depth--
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return nil, errorf(Mjlog, Pos{Element: n, Tag: "text", Offset: off}, "text between elements: an mjlog holds only elements")
			}
		case xml.Directive:
			return nil, errorf(Mjlog, Pos{Element: n + 1, Tag: "!" + clip(directiveName(t)), Offset: off}, "a DOCTYPE or other declaration: an mjlog has none, and entities it declares are never expanded")
		case xml.ProcInst:
			if t.Target != "xml" {
				return nil, errorf(Mjlog, Pos{Element: n, Tag: "?", Offset: off}, "a processing instruction <?%s?>: an mjlog has none", clip(t.Target))
			}
		}
	}
	if !root {
		return nil, errorf(Mjlog, Pos{}, "no <mjloggm> element: not a Tenhou game log")
	}
	if len(p.g.Rounds) == 0 {
		return nil, errorf(Mjlog, Pos{}, "the log has no hand (no <INIT> element)")
	}
	return p.g, nil
}

// xmlError turns a decoder error into an *Error at the element and byte where it happened.
func xmlError(err error, n int, off int64) error {
	msg := err.Error()
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg = "not well-formed XML (line " + strconv.Itoa(se.Line) + "): " + se.Msg
		if strings.Contains(se.Msg, "entity") {
			msg += " (an mjlog uses only XML's own entities)"
		}
	}
	return &Error{Format: Mjlog, Pos: Pos{Element: n + 1, Tag: "?", Offset: off}, Msg: msg}
}

// directiveName is a declaration's first word: DOCTYPE, ENTITY.
func directiveName(d xml.Directive) string {
	f := strings.Fields(string(d))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// clip shortens text quoted from a log to 40 characters; callers quote it (strconv.Quote escapes
// control characters).
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:40]) + "..."
}

// attrMap collects an element's attributes, each at most MaxAttr bytes and none given twice.
func attrMap(t xml.StartElement, pos Pos) (map[string]string, error) {
	m := make(map[string]string, len(t.Attr))
	for _, a := range t.Attr {
		if len(a.Value) > MaxAttr {
			return nil, errorf(Mjlog, pos, "attribute %s is %d bytes, over the limit of %s", clip(a.Name.Local), len(a.Value), safeio.FormatSize(MaxAttr))
		}
		if _, dup := m[a.Name.Local]; dup {
			return nil, errorf(Mjlog, pos, "attribute %s is given twice", clip(a.Name.Local))
		}
		m[a.Name.Local] = a.Value
	}
	return m, nil
}

// element reads one element below <mjloggm>.
func (p *mjlogParser) element(tag string, a map[string]string, pos Pos) error {
	if len(tag) >= 2 && isDigits(tag[1:]) {
		if i := strings.IndexByte("TUVW", tag[0]); i >= 0 {
			return p.draw(i, tag[1:], pos)
		}
		if i := strings.IndexByte("DEFG", tag[0]); i >= 0 {
			return p.discard(i, tag[1:], pos)
		}
	}
	switch tag {
	case "SHUFFLE":
		p.g.Seed = a["seed"]
	case "GO":
		t, err := intAttr(a, "type", pos, 0, 1<<20)
		if err != nil {
			return err
		}
		p.g.Rules = rulesFromType(t)
		p.g.Rules.Lobby = a["lobby"]
	case "UN":
		return p.un(a, pos)
	case "TAIKYOKU":
		if _, ok := a["oya"]; ok {
			oya, err := intAttr(a, "oya", pos, 0, 3)
			if err != nil {
				return err
			}
			p.g.FirstDealer = oya
		}
	case "INIT":
		return p.init(a, pos)
	case "N":
		return p.call(a, pos)
	case "REACH":
		return p.reach(a, pos)
	case "DORA":
		r, err := p.inRound(pos)
		if err != nil {
			return err
		}
		t, err := p.freshTile(a, "hai", pos)
		if err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: DoraShown, Seat: -1, Tile: t, Pos: pos})
	case "AGARI":
		return p.agari(a, pos)
	case "RYUUKYOKU":
		return p.ryuukyoku(a, pos)
	case "BYE":
		who, err := p.seat(a, "who", pos)
		if err != nil {
			return err
		}
		if p.round != nil {
			p.round.Events = append(p.round.Events, Event{Kind: Leave, Seat: who, Tile: NoTile, Pos: pos})
		}
	default:
		return errorf(Mjlog, pos, "unknown element <%s>", clip(tag))
	}
	return nil
}

func isDigits(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (p *mjlogParser) un(a map[string]string, pos Pos) error {
	for i := range 4 {
		raw, ok := a["n"+strconv.Itoa(i)]
		if !ok {
			continue
		}
		name, err := url.PathUnescape(raw)
		if err != nil {
			return errorf(Mjlog, pos, "player name n%d is not URL-encoded text: %v", i, err)
		}
		if !utf8.ValidString(name) {
			name = strings.ToValidUTF8(name, "\uFFFD")
		}
		if !p.inited {
			for len(p.g.Names) <= i {
				p.g.Names = append(p.g.Names, "")
			}
			p.g.Names[i] = name
		} else if p.round != nil {
			p.round.Events = append(p.round.Events, Event{Kind: Return, Seat: i, Tile: NoTile, Pos: pos})
		}
	}
	return nil
}

func (p *mjlogParser) init(a map[string]string, pos Pos) error {
	if len(p.g.Rounds) >= MaxRounds {
		return errorf(Mjlog, pos, "more than %d hands: the limit for one game", MaxRounds)
	}
	if p.round != nil && len(p.round.Results) == 0 {
		return errorf(Mjlog, pos, "a new hand begins before hand %s has a result (<AGARI> or <RYUUKYOKU>)", p.round.Name())
	}
	seed, err := intList(a, "seed", pos, 6, 6, 0, 1<<16)
	if err != nil {
		return err
	}
	if !p.inited {
		p.inited = true
		p.players = p.g.Rules.Players
		if !p.g.Rules.Stated && a["hai3"] == "" {
			p.players = 3
			p.g.Rules.Players = 3
		}
	}
	oya, err := p.seat(a, "oya", pos)
	if err != nil {
		return err
	}
	ten, err := intList(a, "ten", pos, 3, 4, -1<<20, 1<<20)
	if err != nil {
		return err
	}
	r := Round{Pos: pos, Wind: seed[0] / 4 % 4, Number: seed[0]%4 + 1, Honba: seed[1], Sticks: seed[2], Dealer: oya}
	if seed[3] > 5 || seed[4] > 5 {
		return errorf(Mjlog, pos, "seed: dice %d and %d: a die shows 1-6 (written 0-5)", seed[3]+1, seed[4]+1)
	}
	for _, v := range ten {
		r.Scores = append(r.Scores, v*100)
	}
	p.seen = [136]bool{}
	p.hand = [4][136]bool{}
	p.lastFrom, p.lastDraw = -1, [4]int16{-1, -1, -1, -1}
	p.round = &r
	dora, err := p.fresh(seed[5], "seed", pos)
	if err != nil {
		return err
	}
	r.Dora = []Tile{dora}
	r.Hands = make([][]Tile, 4)
	for s := range 4 {
		key := "hai" + strconv.Itoa(s)
		ids, err := intList(a, key, pos, 0, 13, 0, 135)
		if err != nil {
			return err
		}
		if s < p.players && len(ids) != 13 {
			return errorf(Mjlog, pos, "%s deals %d tiles to seat %d: a hand is dealt 13", key, len(ids), s)
		}
		if s >= p.players && len(ids) != 0 {
			return errorf(Mjlog, pos, "%s deals tiles to seat %d, which is empty at a table of %d", key, s, p.players)
		}
		for _, id := range ids {
			t, err := p.fresh(id, key, pos)
			if err != nil {
				return err
			}
			p.hand[s][id] = true
			r.Hands[s] = append(r.Hands[s], t)
		}
	}
	p.g.Rounds = append(p.g.Rounds, r)
	p.round = &p.g.Rounds[len(p.g.Rounds)-1]
	return nil
}

// inRound returns the hand being played, or an error for an element before the first INIT or after
// the hand's result.
func (p *mjlogParser) inRound(pos Pos) (*Round, error) {
	if p.round == nil {
		return nil, errorf(Mjlog, pos, "play before the first hand is dealt (<INIT>)")
	}
	if len(p.round.Results) > 0 {
		return nil, errorf(Mjlog, pos, "play after hand %s has ended", p.round.Name())
	}
	return p.round, nil
}

// fresh returns tile id, which must not have been dealt, drawn or shown before in this hand.
func (p *mjlogParser) fresh(id int, what string, pos Pos) (Tile, error) {
	if id < 0 || id > 135 {
		return Tile{}, errorf(Mjlog, pos, "%s: tile %d: tile ids run 0-135", what, id)
	}
	if p.seen[id] {
		return Tile{}, errorf(Mjlog, pos, "%s: tile %d (%v) is already in play in this hand: each tile is dealt, drawn or shown once", what, id, tileFromID(id, p.g.Rules.Red))
	}
	p.seen[id] = true
	return tileFromID(id, p.g.Rules.Red), nil
}

func (p *mjlogParser) freshTile(a map[string]string, key string, pos Pos) (Tile, error) {
	id, err := intAttr(a, key, pos, 0, 135)
	if err != nil {
		return Tile{}, err
	}
	return p.fresh(id, key, pos)
}

func (p *mjlogParser) draw(seat int, num string, pos Pos) error {
	r, err := p.inRound(pos)
	if err != nil {
		return err
	}
	if seat >= p.players {
		return errorf(Mjlog, pos, "seat %d draws, but it is empty at a table of %d", seat, p.players)
	}
	id, _ := strconv.Atoi(num)
	t, err := p.fresh(id, "draw", pos)
	if err != nil {
		return err
	}
	p.hand[seat][id] = true
	p.lastDraw[seat] = int16(id)
	p.lastFrom = -1
	r.Events = append(r.Events, Event{Kind: Draw, Seat: seat, Tile: t, Pos: pos})
	return nil
}

func (p *mjlogParser) discard(seat int, num string, pos Pos) error {
	r, err := p.inRound(pos)
	if err != nil {
		return err
	}
	id, _ := strconv.Atoi(num)
	if id > 135 {
		return errorf(Mjlog, pos, "discard: tile %d: tile ids run 0-135", id)
	}
	if seat >= p.players || !p.hand[seat][id] {
		return errorf(Mjlog, pos, "seat %d discards tile %d (%v), which is not in its hand", seat, id, tileFromID(id, p.g.Rules.Red))
	}
	p.hand[seat][id] = false
	t := tileFromID(id, p.g.Rules.Red)
	p.lastDiscard, p.lastFrom = t, seat
	r.Events = append(r.Events, Event{Kind: Discard, Seat: seat, Tile: t, Tsumogiri: p.lastDraw[seat] == int16(id), Pos: pos})
	p.lastDraw[seat] = -1
	return nil
}

func (p *mjlogParser) call(a map[string]string, pos Pos) error {
	r, err := p.inRound(pos)
	if err != nil {
		return err
	}
	who, err := p.seat(a, "who", pos)
	if err != nil {
		return err
	}
	code, err := intAttr(a, "m", pos, 0, 0xffff)
	if err != nil {
		return err
	}
	m, err := DecodeMeld(code, who, p.players, p.g.Rules.Red)
	if err != nil {
		return errorf(Mjlog, pos, "%v", err)
	}
	// The caller's own tiles must be in its hand, and a called discard the last one.
	own := m.Tiles
	switch m.Kind {
	case Chi, Pon, Daiminkan:
		if p.lastFrom != m.From || m.Called.ID != p.lastDiscard.ID {
			return errorf(Mjlog, pos, "seat %d calls %s on tile %d (%v) from seat %d, which is not the last discard", who, m.Kind, m.Called.ID, m.Called, m.From)
		}
		own = without(m.Tiles, m.Called)
	case Kakan:
		own = []Tile{m.Called}
	}
	for _, t := range own {
		if !p.hand[who][t.ID] {
			return errorf(Mjlog, pos, "seat %d calls %s with tile %d (%v), which is not in its hand", who, m.Kind, t.ID, t)
		}
	}
	for _, t := range own {
		p.hand[who][t.ID] = false
	}
	p.lastFrom = -1
	p.lastDraw[who] = -1
	r.Events = append(r.Events, Event{Kind: Call, Seat: who, Tile: m.Called, Meld: &m, Pos: pos})
	return nil
}

func without(ts []Tile, x Tile) []Tile {
	out := make([]Tile, 0, len(ts))
	for _, t := range ts {
		if t.ID != x.ID {
			out = append(out, t)
		}
	}
	return out
}

func (p *mjlogParser) reach(a map[string]string, pos Pos) error {
	r, err := p.inRound(pos)
	if err != nil {
		return err
	}
	who, err := p.seat(a, "who", pos)
	if err != nil {
		return err
	}
	step, err := intAttr(a, "step", pos, 1, 2)
	if err != nil {
		return err
	}
	ev := Event{Kind: Riichi, Seat: who, Tile: NoTile, Pos: pos}
	if step == 2 {
		ev.Kind = RiichiOK
		ten, err := intList(a, "ten", pos, 0, 4, -1<<20, 1<<20)
		if err != nil {
			return err
		}
		for _, v := range ten {
			ev.Scores = append(ev.Scores, v*100)
		}
	}
	r.Events = append(r.Events, ev)
	return nil
}

// seat reads a seat number attribute, which must be a seat at the table.
func (p *mjlogParser) seat(a map[string]string, key string, pos Pos) (int, error) {
	players := p.players
	if players == 0 {
		players = 4
	}
	return intAttr(a, key, pos, 0, players-1)
}

func (p *mjlogParser) agari(a map[string]string, pos Pos) error {
	r := p.round
	if r == nil {
		return errorf(Mjlog, pos, "a win before the first hand is dealt (<INIT>)")
	}
	if len(r.Results) > 0 && r.Results[0].Kind != Ron {
		return errorf(Mjlog, pos, "a second result for hand %s, which has ended", r.Name())
	}
	who, err := p.seat(a, "who", pos)
	if err != nil {
		return err
	}
	from, err := p.seat(a, "fromWho", pos)
	if err != nil {
		return err
	}
	res := Result{Kind: Ron, Winner: who, From: from, Pao: -1, Valued: true, Pos: pos}
	if who == from {
		res.Kind = Tsumo
	}
	if len(r.Results) > 0 && res.Kind == Tsumo {
		return errorf(Mjlog, pos, "a self-drawn win after another win in hand %s", r.Name())
	}
	if _, ok := a["paoWho"]; ok {
		if res.Pao, err = p.seat(a, "paoWho", pos); err != nil {
			return err
		}
	}
	if err := p.ba(a, pos, &res); err != nil {
		return err
	}
	red := p.g.Rules.Red
	hai, err := intList(a, "hai", pos, 1, 14, 0, 135)
	if err != nil {
		return err
	}
	for _, id := range hai {
		res.Hand = append(res.Hand, tileFromID(id, red))
	}
	codes, err := intList(a, "m", pos, 0, 4, 0, 0xffff)
	if err != nil {
		return err
	}
	for _, c := range codes {
		m, err := DecodeMeld(c, who, p.players, red)
		if err != nil {
			return errorf(Mjlog, pos, "m: %v", err)
		}
		res.Melds = append(res.Melds, m)
	}
	machi, err := intAttr(a, "machi", pos, 0, 135)
	if err != nil {
		return err
	}
	res.WinTile = tileFromID(machi, red)
	ten, err := intList(a, "ten", pos, 3, 3, 0, 1<<24)
	if err != nil {
		return err
	}
	if ten[2] > int(Yakuman) {
		return errorf(Mjlog, pos, "ten: limit %d: Tenhou's limits run 0 (none) to 5 (yakuman)", ten[2])
	}
	res.Fu, res.Points, res.Limit = ten[0], ten[1], Limit(ten[2])
	yaku, err := intList(a, "yaku", pos, 0, 80, 0, 1000)
	if err != nil {
		return err
	}
	if len(yaku)%2 != 0 {
		return errorf(Mjlog, pos, "yaku: %d numbers: the list is pairs of id and han", len(yaku))
	}
	for i := 0; i < len(yaku); i += 2 {
		y, ok := yakuByID(yaku[i], yaku[i+1], false)
		if !ok {
			return errorf(Mjlog, pos, "yaku: id %d is not one of Tenhou's (0-%d)", yaku[i], len(tenhouYaku)-1)
		}
		res.Yaku = append(res.Yaku, y)
		res.Han += y.Han
	}
	yakuman, err := intList(a, "yakuman", pos, 0, 8, 0, 1000)
	if err != nil {
		return err
	}
	for _, id := range yakuman {
		y, ok := yakuByID(id, 13, true)
		if !ok {
			return errorf(Mjlog, pos, "yakuman: id %d is not one of Tenhou's (0-%d)", id, len(tenhouYaku)-1)
		}
		res.Yaku = append(res.Yaku, y)
		res.Han += 13
	}
	for key, dst := range map[string]*[]Tile{"doraHai": &res.Dora, "doraHaiUra": &res.Ura} {
		ids, err := intList(a, key, pos, 0, 5, 0, 135)
		if err != nil {
			return err
		}
		for _, id := range ids {
			*dst = append(*dst, tileFromID(id, red))
		}
	}
	if err := p.sc(a, pos, &res); err != nil {
		return err
	}
	r.Results = append(r.Results, res)
	return p.owari(a, pos)
}

// ba reads "honba,sticks".
func (p *mjlogParser) ba(a map[string]string, pos Pos, res *Result) error {
	ba, err := intList(a, "ba", pos, 2, 2, 0, 1000)
	if err != nil {
		return err
	}
	res.Honba, res.Sticks = ba[0], ba[1]
	return nil
}

// sc reads "score,change,..." in hundreds: a pair per seat, then (chip games) a pair per seat more.
func (p *mjlogParser) sc(a map[string]string, pos Pos, res *Result) error {
	sc, err := intList(a, "sc", pos, 8, 16, -1<<20, 1<<20)
	if err != nil {
		return err
	}
	if len(sc) != 8 && len(sc) != 16 {
		return errorf(Mjlog, pos, "sc: %d numbers: a score and a change for each of 4 seats (8), and chips (16)", len(sc))
	}
	for s := range 4 {
		res.Scores = append(res.Scores, sc[2*s]*100)
		res.Deltas = append(res.Deltas, sc[2*s+1]*100)
	}
	res.Extra = sc[8:]
	return nil
}

func (p *mjlogParser) owari(a map[string]string, pos Pos) error {
	raw, ok := a["owari"]
	if !ok {
		return nil
	}
	parts := strings.Split(raw, ",")
	if len(parts) != 8 && len(parts) != 16 {
		return errorf(Mjlog, pos, "owari: %d numbers: a score and a result for each of 4 seats (8), and chips (16)", len(parts))
	}
	f := &Final{Pos: pos}
	for i := 0; i < 8; i += 2 {
		s, err := strconv.Atoi(parts[i])
		if err != nil || s < -1<<20 || s > 1<<20 {
			return errorf(Mjlog, pos, "owari: %s is not a score", strconv.Quote(clip(parts[i])))
		}
		v, err := strconv.ParseFloat(parts[i+1], 64)
		if err != nil || v < -1e6 || v > 1e6 {
			return errorf(Mjlog, pos, "owari: %s is not a result", strconv.Quote(clip(parts[i+1])))
		}
		f.Scores = append(f.Scores, s*100)
		f.Results = append(f.Results, v)
	}
	p.g.Final = f
	return nil
}

func (p *mjlogParser) ryuukyoku(a map[string]string, pos Pos) error {
	r := p.round
	if r == nil {
		return errorf(Mjlog, pos, "a draw before the first hand is dealt (<INIT>)")
	}
	if len(r.Results) > 0 {
		return errorf(Mjlog, pos, "a draw after hand %s has ended", r.Name())
	}
	res := Result{Kind: DrawEnd, Draw: a["type"], Winner: -1, From: -1, Pao: -1, WinTile: NoTile, Pos: pos}
	switch res.Draw {
	case "", "nm":
	case "yao9", "reach4", "ron3", "kan4", "kaze4":
		res.Kind = AbortEnd
	default:
		return errorf(Mjlog, pos, "type %s is not one of Tenhou's draws (yao9, reach4, ron3, kan4, kaze4, nm)", strconv.Quote(clip(res.Draw)))
	}
	if err := p.ba(a, pos, &res); err != nil {
		return err
	}
	if err := p.sc(a, pos, &res); err != nil {
		return err
	}
	for s := range 4 {
		if _, ok := a["hai"+strconv.Itoa(s)]; ok {
			if s >= p.players {
				return errorf(Mjlog, pos, "hai%d shows the hand of seat %d, which is empty", s, s)
			}
			if _, err := intList(a, "hai"+strconv.Itoa(s), pos, 0, 14, 0, 135); err != nil {
				return err
			}
			res.Tenpai = append(res.Tenpai, s)
		}
	}
	res.TenpaiShown = true
	r.Results = append(r.Results, res)
	return p.owari(a, pos)
}

// intAttr reads a required integer attribute in [lo, hi].
func intAttr(a map[string]string, key string, pos Pos, lo, hi int) (int, error) {
	raw, ok := a[key]
	if !ok {
		return 0, errorf(Mjlog, pos, "no %s attribute", key)
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		return 0, errorf(Mjlog, pos, "%s=%s is not a whole number", key, strconv.Quote(clip(raw)))
	}
	if n < lo || n > hi {
		return 0, errorf(Mjlog, pos, "%s=%d is out of range %d-%d", key, n, lo, hi)
	}
	return n, nil
}

// intList reads a comma-separated list attribute of min to max numbers in [lo, hi]; an absent
// attribute is an empty list (an error when min > 0).
func intList(a map[string]string, key string, pos Pos, min, max, lo, hi int) ([]int, error) {
	raw, ok := a[key]
	if !ok || raw == "" {
		if min > 0 {
			return nil, errorf(Mjlog, pos, "no %s attribute", key)
		}
		return nil, nil
	}
	if strings.Count(raw, ",") >= max {
		return nil, errorf(Mjlog, pos, "%s holds more than %d numbers", key, max)
	}
	parts := strings.Split(raw, ",")
	if len(parts) < min {
		return nil, errorf(Mjlog, pos, "%s holds %d numbers, fewer than %d", key, len(parts), min)
	}
	out := make([]int, len(parts))
	for i, s := range parts {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, errorf(Mjlog, pos, "%s: %s is not a whole number", key, strconv.Quote(clip(s)))
		}
		if n < lo || n > hi {
			return nil, errorf(Mjlog, pos, "%s: %d is out of range %d-%d", key, n, lo, hi)
		}
		out[i] = n
	}
	return out, nil
}
