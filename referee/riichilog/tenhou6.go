package riichilog

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// t6Doc is a tenhou.net/6 document: names, rule and the hands.
type t6Doc struct {
	Name []string `json:"name"`
	Rule struct {
		Disp  string `json:"disp"`
		Aka   *int   `json:"aka"`
		Aka51 *int   `json:"aka51"`
		Aka52 *int   `json:"aka52"`
		Aka53 *int   `json:"aka53"`
	} `json:"rule"`
	Log []([]json.RawMessage) `json:"log"`
}

// t6Tile reads tenhou.net/6's tile code: 11–19 man, 21–29 pin, 31–39 sou, 41–47 the honours,
// 51–53 the red fives.
func t6Tile(code int) (Tile, bool) {
	switch {
	case code >= 51 && code <= 53:
		return Tile{ID: -1, Kind: uint8((code-51)*9 + 4), Red: true}, true
	case code >= 41 && code <= 47:
		return Tile{ID: -1, Kind: uint8(27 + code - 41)}, true
	case code >= 11 && code <= 39 && code%10 != 0:
		return Tile{ID: -1, Kind: uint8((code/10-1)*9 + code%10 - 1)}, true
	}
	return Tile{}, false
}

// t6Item is one entry of a draw or discard stream: a tile code, or a string (a call, a riichi
// discard "r23").
type t6Item struct {
	Code int
	Text string
}

func (it *t6Item) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, &it.Text)
	}
	return json.Unmarshal(b, &it.Code)
}

// t6Parser reads one hand.
type t6Parser struct {
	g       *Game
	players int
	path    string
}

func readTenhou6(data []byte) (*Game, error) {
	var doc t6Doc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, errorf(Tenhou6, Pos{Path: "the document"}, "not a tenhou.net/6 log: %s", jsonMsg(err))
	}
	if doc.Log == nil {
		return nil, errorf(Tenhou6, Pos{Path: "the document"}, "no \"log\" key: not a tenhou.net/6 log")
	}
	if len(doc.Log) == 0 {
		return nil, errorf(Tenhou6, Pos{Path: "log"}, "the log has no hand")
	}
	if len(doc.Log) > MaxRounds {
		return nil, errorf(Tenhou6, Pos{Path: "log"}, "more than %d hands: the limit for one game", MaxRounds)
	}
	g := &Game{Format: Tenhou6, Rules: defaultRules()}
	if len(doc.Name) > 4 {
		return nil, errorf(Tenhou6, Pos{Path: "name"}, "%d names: a table has at most 4 players", len(doc.Name))
	}
	g.Names = doc.Name
	if doc.Rule.Aka != nil || doc.Rule.Aka51 != nil {
		g.Rules.Stated = true
		g.Rules.Red = (doc.Rule.Aka != nil && *doc.Rule.Aka > 0) || (doc.Rule.Aka51 != nil && *doc.Rule.Aka51 > 0)
	}
	if strings.Contains(doc.Rule.Disp, "東") && !strings.Contains(doc.Rule.Disp, "南") {
		g.Rules.Hanchan = false
	}
	p := &t6Parser{g: g}
	for i, raw := range doc.Log {
		p.path = fmt.Sprintf("log[%d]", i)
		r, err := p.round(raw)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			g.FirstDealer = r.Dealer
		}
		g.Rounds = append(g.Rounds, r)
	}
	return g, nil
}

func (p *t6Parser) errf(sub string, format string, args ...any) *Error {
	return errorf(Tenhou6, Pos{Path: p.path + sub}, format, args...)
}

func (p *t6Parser) ints(raw json.RawMessage, sub string, min, max int) ([]int, error) {
	var v []int
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, p.errf(sub, "not a list of numbers: %s", jsonMsg(err))
	}
	if len(v) < min || len(v) > max {
		return nil, p.errf(sub, "%d numbers, want %d-%d", len(v), min, max)
	}
	return v, nil
}

func (p *t6Parser) tiles(codes []int, sub string) ([]Tile, error) {
	out := make([]Tile, 0, len(codes))
	for i, c := range codes {
		t, ok := t6Tile(c)
		if !ok {
			return nil, p.errf(fmt.Sprintf("%s[%d]", sub, i), "%d is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)", c)
		}
		out = append(out, t)
	}
	return out, nil
}

func (p *t6Parser) round(raw []json.RawMessage) (Round, error) {
	var r Round
	r.Pos = Pos{Path: p.path}
	if len(raw) < 4 {
		return r, p.errf("", "%d entries: a hand is [round, honba, sticks], scores, dora, ura, three streams a seat and the result", len(raw))
	}
	head, err := p.ints(raw[0], "[0]", 3, 3)
	if err != nil {
		return r, err
	}
	if head[0] < 0 || head[0] > 15 || head[1] < 0 || head[1] > 1000 || head[2] < 0 || head[2] > 1000 {
		return r, p.errf("[0]", "round %d, honba %d, sticks %d: the round is 0-15, the counts 0-1000", head[0], head[1], head[2])
	}
	scores, err := p.ints(raw[1], "[1]", 3, 4)
	if err != nil {
		return r, err
	}
	players := len(scores)
	if want := 4 + 3*players + 1; len(raw) != want {
		return r, p.errf("", "%d entries for %d seats: want %d (the head, scores, dora, ura, three streams a seat, the result)", len(raw), players, want)
	}
	if p.players == 0 {
		p.players = players
		p.g.Rules.Players = players
	} else if players != p.players {
		return r, p.errf("[1]", "%d scores, but the game has %d seats", players, p.players)
	}
	r.Wind, r.Number, r.Honba, r.Sticks = head[0]/4, head[0]%4+1, head[1], head[2]
	r.Dealer = head[0] % players
	r.Scores = scores
	dora, err := p.ints(raw[2], "[2]", 1, 5)
	if err != nil {
		return r, err
	}
	if r.Dora, err = p.tiles(dora, "[2]"); err != nil {
		return r, err
	}
	uraCodes, err := p.ints(raw[3], "[3]", 0, 5)
	if err != nil {
		return r, err
	}
	ura, err := p.tiles(uraCodes, "[3]")
	if err != nil {
		return r, err
	}
	r.Hands = make([][]Tile, 4)
	takes := make([][]t6Item, players)
	discards := make([][]t6Item, players)
	for s := range players {
		base := 4 + 3*s
		hand, err := p.ints(raw[base], fmt.Sprintf("[%d]", base), 13, 13)
		if err != nil {
			return r, err
		}
		if r.Hands[s], err = p.tiles(hand, fmt.Sprintf("[%d]", base)); err != nil {
			return r, err
		}
		for k, dst := range []*[]t6Item{&takes[s], &discards[s]} {
			sub := fmt.Sprintf("[%d]", base+1+k)
			if err := json.Unmarshal(raw[base+1+k], dst); err != nil {
				return r, p.errf(sub, "not a list of tiles and calls: %s", jsonMsg(err))
			}
			if len(*dst) > MaxRoundItems {
				return r, p.errf(sub, "%d entries, over the limit of %d", len(*dst), MaxRoundItems)
			}
		}
	}
	pl := &t6Play{p: p, r: &r, takes: takes, discards: discards, players: players}
	if err := pl.replay(); err != nil {
		return r, err
	}
	if err := p.result(raw[len(raw)-1], &r, ura, pl.sticksAt()); err != nil {
		return r, err
	}
	return r, nil
}

// t6Play lays tenhou.net/6's per-seat streams out in play order: each seat draws its next take and
// plays its next discard; after a discard, a seat whose next take is a call on it takes the turn
// (a pon or kan before a chi); a kan is followed by a replacement draw.
type t6Play struct {
	p        *t6Parser
	r        *Round
	takes    [][]t6Item
	discards [][]t6Item
	ti, di   []int
	players  int
}

// The tenhou.net/6 patterns are compiled on first use: a command that reads no log pays nothing.
var t6Call = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([0-9]{2})*[cpmka]([0-9]{2})+$`) })

// parseCall reads a call string: its letter, its tile codes and the letter's position (in tiles).
func parseCall(s string) (letter byte, codes []int, at int, ok bool) {
	if len(s) > 12 || !t6Call().MatchString(s) {
		return 0, nil, 0, false
	}
	i := strings.IndexAny(s, "cpmka")
	letter, at = s[i], i/2
	digits := s[:i] + s[i+1:]
	if len(digits)%2 != 0 {
		return 0, nil, 0, false
	}
	for j := 0; j < len(digits); j += 2 {
		n, _ := strconv.Atoi(digits[j : j+2])
		codes = append(codes, n)
	}
	return letter, codes, at, true
}

func (pl *t6Play) sticksAt() int {
	n := pl.r.Sticks
	for _, e := range pl.r.Events {
		if e.Kind == RiichiOK {
			n++
		}
	}
	return n
}

func (pl *t6Play) streamPath(seat, k int, i int) string {
	return fmt.Sprintf("[%d][%d]", 4+3*seat+1+k, i)
}

// callMeld decodes a call string made by seat into a meld.
func (pl *t6Play) callMeld(seat int, s string, sub string) (Meld, error) {
	letter, codes, at, ok := parseCall(s)
	if !ok {
		return Meld{}, pl.p.errf(sub, "%s is not a call (c, p, m, k or a with the tile codes)", strconv.Quote(clip(s)))
	}
	ts, err := pl.p.tiles(codes, sub)
	if err != nil {
		return Meld{}, err
	}
	n := pl.players
	kami, toi, shimo := (seat+n-1)%n, (seat+2)%4, (seat+1)%n
	m := Meld{Tiles: ts, From: -1, Called: NoTile}
	pos := func(want int, kinds ...MeldKind) error {
		if len(ts) != want {
			return pl.p.errf(sub, "%s has %d tiles: a %s has %d", strconv.Quote(s), len(ts), kinds[0], want)
		}
		return nil
	}
	switch letter {
	case 'c':
		m.Kind, m.From = Chi, kami
		if at != 0 {
			return Meld{}, pl.p.errf(sub, "%s: a chi's called tile comes first", strconv.Quote(s))
		}
		err = pos(3, Chi)
	case 'p', 'k':
		m.Kind = Pon
		want := 3
		if letter == 'k' {
			m.Kind, want = Kakan, 4
		}
		m.From = [...]int{kami, toi, shimo, shimo}[min(at, 3)]
		err = pos(want, m.Kind)
	case 'm':
		m.Kind = Daiminkan
		m.From = [...]int{kami, toi, shimo, shimo}[min(at, 3)]
		if at == 2 {
			return Meld{}, pl.p.errf(sub, "%s: an open kan's called tile is first, second or last", strconv.Quote(s))
		}
		err = pos(4, Daiminkan)
	case 'a':
		m.Kind = Ankan
		err = pos(4, Ankan)
	}
	if err != nil {
		return Meld{}, err
	}
	if m.From >= n && m.Kind != Ankan {
		return Meld{}, pl.p.errf(sub, "%s calls from seat %d, which is empty at a table of %d", strconv.Quote(s), m.From, n)
	}
	switch m.Kind {
	case Chi:
		m.Called = ts[0]
	case Pon, Daiminkan, Kakan:
		m.Called = ts[min(at, len(ts)-1)]
	}
	if err := meldShape(m); err != nil {
		return Meld{}, pl.p.errf(sub, "%s: %v", strconv.Quote(s), err)
	}
	return m, nil
}

func (pl *t6Play) add(e Event) { pl.r.Events = append(pl.r.Events, e) }

func (pl *t6Play) replay() error {
	n := pl.players
	pl.ti, pl.di = make([]int, n), make([]int, n)
	seat, draw := pl.r.Dealer, true
	var drawn Tile
	for steps := 0; steps < 4*MaxRoundItems; steps++ {
		if draw {
			if pl.ti[seat] >= len(pl.takes[seat]) {
				return pl.finish()
			}
			it := pl.takes[seat][pl.ti[seat]]
			sub := pl.streamPath(seat, 0, pl.ti[seat])
			if it.Text != "" {
				return pl.p.errf(sub, "seat %d's turn to draw, but its next take is the call %s", seat, strconv.Quote(clip(it.Text)))
			}
			t, ok := t6Tile(it.Code)
			if !ok {
				return pl.p.errf(sub, "%d is not a tile code", it.Code)
			}
			pl.ti[seat]++
			drawn = t
			pl.add(Event{Kind: Draw, Seat: seat, Tile: t, Pos: Pos{Path: pl.p.path + sub}})
		}
		if pl.di[seat] >= len(pl.discards[seat]) {
			return pl.finish() // a self-drawn win, or an abortive draw on the turn
		}
		it := pl.discards[seat][pl.di[seat]]
		sub := pl.streamPath(seat, 1, pl.di[seat])
		pl.di[seat]++
		pos := Pos{Path: pl.p.path + sub}
		code, riichi := it.Code, false
		if it.Text != "" {
			if strings.HasPrefix(it.Text, "r") {
				v, err := strconv.Atoi(it.Text[1:])
				if err != nil {
					return pl.p.errf(sub, "%s is not a riichi discard (r and a tile code)", strconv.Quote(clip(it.Text)))
				}
				code, riichi = v, true
			} else {
				m, err := pl.callMeld(seat, it.Text, sub)
				if err != nil {
					return err
				}
				if m.Kind != Ankan && m.Kind != Kakan {
					return pl.p.errf(sub, "a %s among the discards: only a concealed or added kan is played in their place", m.Kind)
				}
				if m.Kind == Kakan {
					m.Called = m.Tiles[len(m.Tiles)-1]
				}
				pl.add(Event{Kind: Call, Seat: seat, Tile: m.Called, Meld: &m, Pos: pos})
				draw = true
				continue
			}
		}
		var t Tile
		tsumogiri := code == 60
		if tsumogiri {
			if !draw {
				return pl.p.errf(sub, "a tsumogiri (60) after a call: there is no tile just drawn")
			}
			t = drawn
		} else {
			var ok bool
			if t, ok = t6Tile(code); !ok {
				return pl.p.errf(sub, "%d is not a tile code", code)
			}
		}
		if riichi {
			pl.add(Event{Kind: Riichi, Seat: seat, Tile: NoTile, Pos: pos})
		}
		pl.add(Event{Kind: Discard, Seat: seat, Tile: t, Tsumogiri: tsumogiri, Pos: pos})
		caller, m, err := pl.callOn(seat, t)
		if err != nil {
			return err
		}
		if riichi && !pl.ronOn() {
			pl.add(Event{Kind: RiichiOK, Seat: seat, Tile: NoTile, Pos: pos})
		}
		if caller < 0 {
			seat, draw = (seat+1)%n, true
			continue
		}
		sub = pl.streamPath(caller, 0, pl.ti[caller])
		pl.ti[caller]++
		pl.add(Event{Kind: Call, Seat: caller, Tile: m.Called, Meld: &m, Pos: Pos{Path: pl.p.path + sub}})
		seat, draw = caller, false
		if m.Kind == Daiminkan {
			// The kan's place among the discards holds a 0; the replacement draw follows.
			if pl.di[caller] < len(pl.discards[caller]) && pl.discards[caller][pl.di[caller]].Text == "" && pl.discards[caller][pl.di[caller]].Code == 0 {
				pl.di[caller]++
			}
			draw = true
		}
	}
	return pl.p.errf("", "the streams do not end: not one hand")
}

// ronOn reports whether the hand ends on the last discard: nobody draws after it. It is known
// only at the end, so a riichi discard that is won on is told by no take left for the next seat.
func (pl *t6Play) ronOn() bool {
	last := pl.r.Events[len(pl.r.Events)-1]
	next := (last.Seat + 1) % pl.players
	if pl.ti[next] < len(pl.takes[next]) {
		return false
	}
	for s := range pl.players {
		if s != last.Seat && pl.ti[s] < len(pl.takes[s]) {
			return false
		}
	}
	return true
}

// callOn finds the seat whose next take calls tile t discarded by from: a pon or open kan before a chi.
func (pl *t6Play) callOn(from int, t Tile) (int, Meld, error) {
	best, bestMeld := -1, Meld{}
	for k := 1; k < pl.players; k++ {
		s := (from + k) % pl.players
		if pl.ti[s] >= len(pl.takes[s]) || pl.takes[s][pl.ti[s]].Text == "" {
			continue
		}
		sub := pl.streamPath(s, 0, pl.ti[s])
		m, err := pl.callMeld(s, pl.takes[s][pl.ti[s]].Text, sub)
		if err != nil {
			return -1, Meld{}, err
		}
		if m.Kind != Chi && m.Kind != Pon && m.Kind != Daiminkan {
			return -1, Meld{}, pl.p.errf(sub, "a %s among the takes: only a chi, pon or open kan takes a discard", m.Kind)
		}
		if m.From != from || m.Called != t {
			continue
		}
		if best < 0 || (bestMeld.Kind == Chi && m.Kind != Chi) {
			best, bestMeld = s, m
		}
	}
	return best, bestMeld, nil
}

// finish checks every stream was played to its end.
func (pl *t6Play) finish() error {
	for s := range pl.players {
		if left := len(pl.takes[s]) - pl.ti[s]; left > 0 {
			return pl.p.errf(pl.streamPath(s, 0, pl.ti[s]), "seat %d has %d takes left when the play ends: the streams are not one hand", s, left)
		}
		rest := pl.discards[s][pl.di[s]:]
		if len(rest) > 0 {
			return pl.p.errf(pl.streamPath(s, 1, pl.di[s]), "seat %d has %d discards left when the play ends: the streams are not one hand", s, len(rest))
		}
	}
	return nil
}

var (
	t6Value = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|数え役満|役満|[二三四五六]倍役満))(\d+)(?:-(\d+))?点(∀)?$`)
	})
	t6Yaku = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.+)\((\d+)飜\)$|^(.+)\(役満\)$`) })
)

var t6Limits = map[string]Limit{"満貫": Mangan, "跳満": Haneman, "倍満": Baiman, "三倍満": Sanbaiman, "数え役満": Yakuman, "役満": Yakuman}

// t6Draws are the names tenhou.net/6 gives the ends of a hand that are not wins.
var t6Draws = map[string]struct {
	kind ResultKind
	draw string
}{
	"流局": {DrawEnd, ""}, "全員聴牌": {DrawEnd, ""}, "全員不聴": {DrawEnd, ""}, "流し満貫": {DrawEnd, "nm"},
	"九種九牌": {AbortEnd, "yao9"}, "四家立直": {AbortEnd, "reach4"}, "三家和了": {AbortEnd, "ron3"},
	"四槓散了": {AbortEnd, "kan4"}, "四風連打": {AbortEnd, "kaze4"},
}

func (p *t6Parser) result(raw json.RawMessage, r *Round, ura []Tile, sticks int) error {
	sub := fmt.Sprintf("[%d]", 4+3*p.players)
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || len(items) == 0 {
		return p.errf(sub, "not a result: [\"和了\", deltas, details, ...] or [\"流局\", deltas]")
	}
	var name string
	if err := json.Unmarshal(items[0], &name); err != nil {
		return p.errf(sub+"[0]", "not the name of a result")
	}
	pos := Pos{Path: p.path + sub}
	if name != "和了" {
		d, ok := t6Draws[name]
		if !ok {
			return p.errf(sub+"[0]", "%s is not one of tenhou.net/6's results", strconv.Quote(clip(name)))
		}
		res := Result{Kind: d.kind, Draw: d.draw, Winner: -1, From: -1, Pao: -1, WinTile: NoTile, Honba: r.Honba, Sticks: sticks, Pos: pos}
		if len(items) > 1 {
			deltas, err := p.ints(items[1], sub+"[1]", p.players, p.players)
			if err != nil {
				return err
			}
			res.Deltas = pad4(deltas)
		} else if d.kind == AbortEnd {
			res.Deltas = make([]int, 4)
		}
		r.Results = append(r.Results, res)
		return nil
	}
	if len(items) < 3 || len(items)%2 != 1 {
		return p.errf(sub, "a win is [\"和了\", deltas, details] for each winner: %d entries", len(items))
	}
	for i := 1; i < len(items); i += 2 {
		deltas, err := p.ints(items[i], fmt.Sprintf("%s[%d]", sub, i), p.players, p.players)
		if err != nil {
			return err
		}
		var info []json.RawMessage
		isub := fmt.Sprintf("%s[%d]", sub, i+1)
		if err := json.Unmarshal(items[i+1], &info); err != nil || len(info) < 4 {
			return p.errf(isub, "not a win's details [winner, from, pao, value, yaku...]")
		}
		var seats [3]int
		for k := range 3 {
			if err := json.Unmarshal(info[k], &seats[k]); err != nil || seats[k] < 0 || seats[k] >= p.players {
				return p.errf(fmt.Sprintf("%s[%d]", isub, k), "not a seat of the table (0-%d)", p.players-1)
			}
		}
		res := Result{Kind: Ron, Winner: seats[0], From: seats[1], Pao: seats[2], WinTile: NoTile, Honba: r.Honba, Sticks: sticks, Ura: ura, Deltas: pad4(deltas), Valued: true, Pos: Pos{Path: p.path + isub}}
		if res.Pao == res.Winner {
			res.Pao = -1
		}
		if res.Winner == res.From {
			res.Kind = Tsumo
		}
		var text string
		if err := json.Unmarshal(info[3], &text); err != nil {
			return p.errf(isub+"[3]", "not the win's value (\"30符1飜1000点\", \"満貫8000点\")")
		}
		if err := p.value(text, &res, isub+"[3]"); err != nil {
			return err
		}
		for k, y := range info[4:] {
			var s string
			if err := json.Unmarshal(y, &s); err != nil {
				return p.errf(fmt.Sprintf("%s[%d]", isub, 4+k), "not a yaku (\"立直(1飜)\")")
			}
			m := t6Yaku().FindStringSubmatch(s)
			if m == nil {
				return p.errf(fmt.Sprintf("%s[%d]", isub, 4+k), "%s is not a yaku with its han (\"立直(1飜)\", \"国士無双(役満)\")", strconv.Quote(clip(s)))
			}
			yname, han, yakuman := m[1], 0, m[3] != ""
			if yakuman {
				yname, han = m[3], 13
			} else {
				han, _ = strconv.Atoi(m[2])
			}
			yk, ok := yakuByJapanese(yname)
			if !ok {
				yk = Yaku{ID: -1, Japanese: clip(yname)}
			}
			yk.Han, yk.Yakuman = han, yakuman
			res.Yaku = append(res.Yaku, yk)
			res.Han += han
		}
		if i > 1 {
			res.Sticks, res.Honba = r.Results[0].Sticks, r.Results[0].Honba
		}
		r.Results = append(r.Results, res)
	}
	return nil
}

// value reads a win's value text: "30符1飜1000点" (ron), "30符1飜300-500点" (tsumo), "500点∀" (each),
// "満貫8000点".
func (p *t6Parser) value(text string, res *Result, sub string) error {
	m := t6Value().FindStringSubmatch(text)
	if m == nil {
		return p.errf(sub, "%s is not a win's value (\"30符1飜1000点\", \"満貫2000-4000点\")", strconv.Quote(clip(text)))
	}
	if m[1] != "" {
		res.Fu, _ = strconv.Atoi(m[1])
		han, _ := strconv.Atoi(m[2])
		res.Limit = limitOf(han, res.Fu)
	} else if l, ok := t6Limits[m[3]]; ok {
		res.Limit = l
	} else {
		res.Limit = Yakuman
	}
	a, _ := strconv.Atoi(m[4])
	switch {
	case m[5] != "": // non-dealer tsumo: the others' share, then the dealer's
		b, _ := strconv.Atoi(m[5])
		res.Points = a*(p.players-2) + b
	case m[6] != "": // dealer tsumo: each pays
		res.Points = a * (p.players - 1)
	default:
		res.Points = a
	}
	if res.Points > 1<<24 || res.Fu > 200 {
		return p.errf(sub, "%s is out of range", strconv.Quote(clip(text)))
	}
	return nil
}

func pad4(d []int) []int {
	out := make([]int, 4)
	copy(out, d)
	return out
}
