package riichilog

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/mjref/mjref/internal/safeio"
)

// mjaiEvent is one line of an mjai log: the fields of every event type; each type reads its own.
type mjaiEvent struct {
	Type       string          `json:"type"`
	Actor      *int            `json:"actor"`
	Target     *int            `json:"target"`
	Pai        string          `json:"pai"`
	Consumed   []string        `json:"consumed"`
	Tsumogiri  bool            `json:"tsumogiri"`
	Names      []string        `json:"names"`
	Seed       json.RawMessage `json:"seed"`
	Bakaze     string          `json:"bakaze"`
	Kyoku      int             `json:"kyoku"`
	Honba      int             `json:"honba"`
	Kyotaku    int             `json:"kyotaku"`
	Oya        *int            `json:"oya"`
	Scores     []int           `json:"scores"`
	DoraMarker string          `json:"dora_marker"`
	Tehais     [][]string      `json:"tehais"`
	Deltas     []int           `json:"deltas"`
	UraMarkers []string        `json:"ura_markers"`
	Han        *int            `json:"han"`
	Fu         *int            `json:"fu"`
	Points     *int            `json:"hora_points"`
	Yakus      [][2]any        `json:"yakus"`
	Reason     string          `json:"reason"`
}

// isMjaiLine reports whether line is one JSON object with a "type" key.
func isMjaiLine(line []byte) bool {
	var probe struct {
		Type *string `json:"type"`
	}
	return json.Unmarshal(bytes.TrimSpace(line), &probe) == nil && probe.Type != nil
}

// mjaiTiles are mjai's tile names in kind order; a red five is "5mr", "5pr", "5sr", a tile not
// seen "?".
var mjaiHonours = []string{"E", "S", "W", "N", "P", "F", "C"}

// mjaiTile reads one mjai tile name; unknown is true for "?".
func mjaiTile(s string) (t Tile, unknown bool, ok bool) {
	if s == "?" {
		return NoTile, true, true
	}
	for i, h := range mjaiHonours {
		if s == h {
			return Tile{ID: -1, Kind: uint8(27 + i)}, false, true
		}
	}
	red := strings.HasSuffix(s, "r")
	s = strings.TrimSuffix(s, "r")
	if len(s) != 2 || s[0] < '1' || s[0] > '9' {
		return Tile{}, false, false
	}
	suit := strings.IndexByte("mps", s[1])
	if suit < 0 || (red && s[0] != '5') {
		return Tile{}, false, false
	}
	return Tile{ID: -1, Kind: uint8(suit*9 + int(s[0]-'1')), Red: red}, false, true
}

// tileKey tells red fives from the others: kind×2 plus red.
func tileKey(t Tile) int {
	k := int(t.Kind) * 2
	if t.Red {
		k++
	}
	return k
}

// mjaiParser keeps the hand being read: the tiles in play (no kind more than four times, no red
// five twice) and each seat's hand, so a discard of a tile the seat does not hold is caught.
type mjaiParser struct {
	g       *Game
	round   *Round
	players int
	inPlay  [68]int
	hand    [4][68]int
	hidden  [4]int // tiles of a seat the log does not show ("?")
	ended   bool
}

func readMjai(data []byte) (*Game, error) {
	p := &mjaiParser{g: &Game{Format: Mjai, Rules: defaultRules()}}
	line := 0
	for len(data) > 0 {
		line++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		pos := Pos{Line: line}
		if len(text) > MaxLine {
			return nil, errorf(Mjai, pos, "the line is %d bytes, over the limit of %s", len(text), safeio.FormatSize(MaxLine))
		}
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		if line > MaxLines {
			return nil, errorf(Mjai, pos, "more than %d lines: the limit for one game", MaxLines)
		}
		var ev mjaiEvent
		if err := json.Unmarshal(text, &ev); err != nil {
			return nil, errorf(Mjai, pos, "not an mjai event: %s", jsonMsg(err))
		}
		if err := p.event(&ev, pos); err != nil {
			return nil, err
		}
	}
	if len(p.g.Rounds) == 0 {
		return nil, errorf(Mjai, Pos{Line: line}, "the log has no hand (no start_kyoku)")
	}
	return p.g, nil
}

func jsonMsg(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return "column " + strconv.FormatInt(se.Offset, 10) + ": " + se.Error()
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return "field " + strconv.Quote(te.Field) + " is a JSON " + te.Value + ", not what it should be"
	}
	return err.Error()
}

func (p *mjaiParser) event(ev *mjaiEvent, pos Pos) error {
	switch ev.Type {
	case "start_game":
		if len(ev.Names) > 4 {
			return errorf(Mjai, pos, "start_game names %d players: a table has at most 4", len(ev.Names))
		}
		p.g.Names = append([]string(nil), ev.Names...)
		if len(ev.Seed) > 0 && len(ev.Seed) <= MaxAttr {
			p.g.Seed = string(ev.Seed)
		}
		return nil
	case "start_kyoku":
		return p.startKyoku(ev, pos)
	case "end_kyoku":
		if p.round == nil {
			return errorf(Mjai, pos, "end_kyoku before any start_kyoku")
		}
		p.ended = true
		return nil
	case "end_game":
		if len(ev.Scores) > 0 {
			if len(ev.Scores) != p.playersOr4() {
				return errorf(Mjai, pos, "end_game has %d scores for %d seats", len(ev.Scores), p.playersOr4())
			}
			p.g.Final = &Final{Scores: append([]int(nil), ev.Scores...), Pos: pos}
		}
		return nil
	}
	r, err := p.inRound(pos)
	if err != nil {
		return errorf(Mjai, pos, "%s: %s", safeType(ev.Type), err.(*Error).Msg)
	}
	switch ev.Type {
	case "tsumo":
		seat, err := p.actor(ev, pos)
		if err != nil {
			return err
		}
		t, unknown, err := p.tile(ev.Pai, "pai", pos)
		if err != nil {
			return err
		}
		if err := p.take(seat, t, unknown, pos); err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: Draw, Seat: seat, Tile: t, Pos: pos})
	case "dahai":
		seat, err := p.actor(ev, pos)
		if err != nil {
			return err
		}
		t, unknown, err := p.tile(ev.Pai, "pai", pos)
		if err != nil {
			return err
		}
		if unknown {
			return errorf(Mjai, pos, "dahai of a tile not seen (?): a discard is face up")
		}
		if err := p.give(seat, t, pos); err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: Discard, Seat: seat, Tile: t, Tsumogiri: ev.Tsumogiri, Pos: pos})
	case "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora":
		return p.call(ev, pos)
	case "reach":
		seat, err := p.actor(ev, pos)
		if err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: Riichi, Seat: seat, Tile: NoTile, Pos: pos})
	case "reach_accepted":
		seat, err := p.actor(ev, pos)
		if err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: RiichiOK, Seat: seat, Tile: NoTile, Scores: ev.Scores, Pos: pos})
	case "dora":
		t, unknown, err := p.tile(ev.DoraMarker, "dora_marker", pos)
		if err != nil {
			return err
		}
		if unknown {
			return errorf(Mjai, pos, "dora_marker is not seen (?): an indicator is face up")
		}
		if err := p.show(t, pos); err != nil {
			return err
		}
		r.Events = append(r.Events, Event{Kind: DoraShown, Seat: -1, Tile: t, Pos: pos})
	case "hora":
		return p.hora(ev, pos)
	case "ryukyoku":
		res := Result{Kind: DrawEnd, Winner: -1, From: -1, Pao: -1, WinTile: NoTile, Honba: r.Honba, Sticks: p.sticks(), Pos: pos}
		if d, ok := mjaiAborts[ev.Reason]; ok {
			res.Kind, res.Draw = AbortEnd, d
		}
		if err := p.deltas(ev, pos, &res); err != nil {
			return err
		}
		if len(r.Results) > 0 {
			return errorf(Mjai, pos, "ryukyoku after hand %s has a result", r.Name())
		}
		r.Results = append(r.Results, res)
	case "none", "":
		return errorf(Mjai, pos, "an event without a type")
	default:
		return errorf(Mjai, pos, "unknown event type %s", safeType(ev.Type))
	}
	return nil
}

// mjaiAborts are mjai's names for the abortive draws, as Tenhou writes them.
var mjaiAborts = map[string]string{
	"kyushukyuhai": "yao9", "kyuushu_kyuuhai": "yao9", "suufon_renda": "kaze4", "sufonrenda": "kaze4",
	"suucha_riichi": "reach4", "sucharichi": "reach4", "suukan_sanra": "kan4", "sukaikan": "kan4",
	"sanchaho": "ron3", "sancha_ron": "ron3",
}

func safeType(s string) string { return strconv.Quote(clip(s)) }

func (p *mjaiParser) playersOr4() int {
	if p.players == 0 {
		return 4
	}
	return p.players
}

func (p *mjaiParser) inRound(pos Pos) (*Round, error) {
	if p.round == nil {
		return nil, errorf(Mjai, pos, "play before the first start_kyoku")
	}
	if p.ended {
		return nil, errorf(Mjai, pos, "play after end_kyoku and before the next start_kyoku")
	}
	return p.round, nil
}

func (p *mjaiParser) startKyoku(ev *mjaiEvent, pos Pos) error {
	if len(p.g.Rounds) >= MaxRounds {
		return errorf(Mjai, pos, "more than %d hands: the limit for one game", MaxRounds)
	}
	if p.round != nil && !p.ended {
		return errorf(Mjai, pos, "start_kyoku before end_kyoku of hand %s", p.round.Name())
	}
	n := len(ev.Scores)
	if n != 3 && n != 4 {
		return errorf(Mjai, pos, "start_kyoku has %d scores: a table has 3 or 4 seats", n)
	}
	if p.players == 0 {
		p.players = n
		p.g.Rules.Players = n
		p.g.Rules.Stated = false
	} else if n != p.players {
		return errorf(Mjai, pos, "start_kyoku has %d scores, but the game has %d seats", n, p.players)
	}
	wind := strings.Index("ESWN", ev.Bakaze)
	if len(ev.Bakaze) != 1 || wind < 0 {
		return errorf(Mjai, pos, "bakaze %s is not a wind (E, S, W, N)", safeType(ev.Bakaze))
	}
	if ev.Kyoku < 1 || ev.Kyoku > 4 {
		return errorf(Mjai, pos, "kyoku %d: a wind has hands 1-4", ev.Kyoku)
	}
	if ev.Honba < 0 || ev.Honba > 1000 || ev.Kyotaku < 0 || ev.Kyotaku > 1000 {
		return errorf(Mjai, pos, "honba %d, kyotaku %d: counts are 0-1000", ev.Honba, ev.Kyotaku)
	}
	if ev.Oya == nil || *ev.Oya < 0 || *ev.Oya >= n {
		return errorf(Mjai, pos, "oya is not a seat of the table (0-%d)", n-1)
	}
	if len(ev.Tehais) != n {
		return errorf(Mjai, pos, "tehais has %d hands for %d seats", len(ev.Tehais), n)
	}
	if len(p.g.Rounds) == 0 {
		p.g.FirstDealer = *ev.Oya
	}
	r := Round{Pos: pos, Wind: wind, Number: ev.Kyoku, Honba: ev.Honba, Sticks: ev.Kyotaku, Dealer: *ev.Oya,
		Scores: append([]int(nil), ev.Scores...), Hands: make([][]Tile, 4)}
	p.inPlay, p.hand, p.hidden = [68]int{}, [4][68]int{}, [4]int{}
	p.ended = false
	dora, unknown, err := p.tile(ev.DoraMarker, "dora_marker", pos)
	if err != nil {
		return err
	}
	if unknown {
		return errorf(Mjai, pos, "dora_marker is not seen (?): an indicator is face up")
	}
	if err := p.show(dora, pos); err != nil {
		return err
	}
	r.Dora = []Tile{dora}
	for s, h := range ev.Tehais {
		if len(h) != 13 {
			return errorf(Mjai, pos, "tehais[%d] has %d tiles: a hand is dealt 13", s, len(h))
		}
		for _, name := range h {
			t, unknown, err := p.tile(name, "tehais["+strconv.Itoa(s)+"]", pos)
			if err != nil {
				return err
			}
			if err := p.take(s, t, unknown, pos); err != nil {
				return err
			}
			r.Hands[s] = append(r.Hands[s], t)
		}
	}
	p.g.Rounds = append(p.g.Rounds, r)
	p.round = &p.g.Rounds[len(p.g.Rounds)-1]
	return nil
}

func (p *mjaiParser) actor(ev *mjaiEvent, pos Pos) (int, error) {
	return p.seatField(ev.Actor, "actor", ev.Type, pos)
}

func (p *mjaiParser) seatField(v *int, field, typ string, pos Pos) (int, error) {
	if v == nil {
		return 0, errorf(Mjai, pos, "%s has no %s", safeType(typ), field)
	}
	if *v < 0 || *v >= p.playersOr4() {
		return 0, errorf(Mjai, pos, "%s %d is not a seat of the table (0-%d)", field, *v, p.playersOr4()-1)
	}
	return *v, nil
}

func (p *mjaiParser) tile(s, field string, pos Pos) (Tile, bool, error) {
	t, unknown, ok := mjaiTile(s)
	if !ok {
		return Tile{}, false, errorf(Mjai, pos, "%s: %s is not an mjai tile (1m-9m, 5mr, E S W N P F C, ?)", field, safeType(s))
	}
	return t, unknown, nil
}

// show puts a face-up tile in play (a dora indicator).
func (p *mjaiParser) show(t Tile, pos Pos) error {
	k := tileKey(t)
	limit := 4
	if t.Red || (t.Kind < 27 && t.Kind%9 == 4) {
		limit = p.fiveLimit(t)
	}
	if p.inPlay[k]+1 > limit || p.inPlay[k&^1]+p.inPlay[k|1]+1 > 4 {
		return errorf(Mjai, pos, "a fifth %v in this hand: there are four of each tile (one red five of a suit)", t)
	}
	p.inPlay[k]++
	return nil
}

func (p *mjaiParser) fiveLimit(t Tile) int {
	if t.Red {
		return 1
	}
	return 4
}

func (p *mjaiParser) take(seat int, t Tile, unknown bool, pos Pos) error {
	if unknown {
		p.hidden[seat]++
		return nil
	}
	if err := p.show(t, pos); err != nil {
		return err
	}
	p.hand[seat][tileKey(t)]++
	return nil
}

func (p *mjaiParser) give(seat int, t Tile, pos Pos) error {
	k := tileKey(t)
	if p.hand[seat][k] > 0 {
		p.hand[seat][k]--
		return nil
	}
	if p.hidden[seat] > 0 { // a tile the log did not show: seen now
		p.hidden[seat]--
		return p.show(t, pos)
	}
	return errorf(Mjai, pos, "seat %d gives up %v, which is not in its hand", seat, t)
}

func (p *mjaiParser) call(ev *mjaiEvent, pos Pos) error {
	r := p.round
	seat, err := p.actor(ev, pos)
	if err != nil {
		return err
	}
	kind := map[string]MeldKind{"chi": Chi, "pon": Pon, "daiminkan": Daiminkan, "kakan": Kakan, "ankan": Ankan, "nukidora": Kita}[ev.Type]
	m := Meld{Kind: kind, From: -1, Called: NoTile}
	want := map[MeldKind]int{Chi: 2, Pon: 2, Daiminkan: 3, Kakan: 3, Ankan: 4, Kita: 0}[kind]
	if len(ev.Consumed) != want {
		return errorf(Mjai, pos, "%s consumes %d tiles: it takes %d", ev.Type, len(ev.Consumed), want)
	}
	var own []Tile
	for _, name := range ev.Consumed {
		t, unknown, err := p.tile(name, "consumed", pos)
		if err != nil {
			return err
		}
		if unknown {
			return errorf(Mjai, pos, "%s consumes a tile not seen (?): a call is face up", ev.Type)
		}
		own = append(own, t)
	}
	switch kind {
	case Chi, Pon, Daiminkan:
		from, err := p.seatField(ev.Target, "target", ev.Type, pos)
		if err != nil {
			return err
		}
		if from == seat {
			return errorf(Mjai, pos, "seat %d calls %s on its own discard", seat, ev.Type)
		}
		if kind == Chi && from != (seat+p.players-1)%p.players {
			return errorf(Mjai, pos, "seat %d calls chi from seat %d: a chi takes only the previous seat's discard", seat, from)
		}
		called, unknown, err := p.tile(ev.Pai, "pai", pos)
		if err != nil {
			return err
		}
		if unknown {
			return errorf(Mjai, pos, "%s on a tile not seen (?)", ev.Type)
		}
		last := lastEvent(r)
		if last == nil || last.Kind != Discard || last.Seat != from || last.Tile != called {
			return errorf(Mjai, pos, "seat %d calls %s on %v from seat %d, which is not the last discard", seat, ev.Type, called, from)
		}
		m.From, m.Called = from, called
		m.Tiles = append(append([]Tile{}, own...), called)
	case Kakan, Kita:
		t, unknown, err := p.tile(ev.Pai, "pai", pos)
		if err != nil {
			return err
		}
		if unknown {
			return errorf(Mjai, pos, "%s of a tile not seen (?)", ev.Type)
		}
		m.Called = t
		m.Tiles = append(append([]Tile{}, own...), t)
		if kind == Kita && t.Kind != 30 {
			return errorf(Mjai, pos, "nukidora of %v: only a north is set aside", t)
		}
		own = []Tile{t}
	case Ankan:
		m.Tiles = own
	}
	if err := meldShape(m); err != nil {
		return errorf(Mjai, pos, "%s: %v", ev.Type, err)
	}
	for _, t := range own {
		if err := p.give(seat, t, pos); err != nil {
			return err
		}
	}
	r.Events = append(r.Events, Event{Kind: Call, Seat: seat, Tile: m.Called, Meld: &m, Pos: pos})
	return nil
}

// meldShape checks a meld's tiles make it: a chi three in a row of one suit, a pon three of a kind,
// a kan four.
func meldShape(m Meld) error {
	switch m.Kind {
	case Chi:
		ks := []int{int(m.Tiles[0].Kind), int(m.Tiles[1].Kind), int(m.Tiles[2].Kind)}
		lo, hi := min(ks[0], ks[1], ks[2]), max(ks[0], ks[1], ks[2])
		if hi >= 27 || lo/9 != hi/9 || hi-lo != 2 || ks[0] == ks[1] || ks[1] == ks[2] || ks[0] == ks[2] {
			return errors.New("the tiles " + tilesText(m.Tiles) + " are not a run of one suit")
		}
	case Pon, Daiminkan, Kakan, Ankan:
		for _, t := range m.Tiles[1:] {
			if t.Kind != m.Tiles[0].Kind {
				return errors.New("the tiles " + tilesText(m.Tiles) + " are not all one tile")
			}
		}
	}
	return nil
}

func tilesText(ts []Tile) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.String())
	}
	return b.String()
}

func lastEvent(r *Round) *Event {
	if len(r.Events) == 0 {
		return nil
	}
	return &r.Events[len(r.Events)-1]
}

// sticks are the riichi sticks on the table now: those at the start and those put down since.
func (p *mjaiParser) sticks() int {
	n := p.round.Sticks
	for _, e := range p.round.Events {
		if e.Kind == RiichiOK {
			n++
		}
	}
	return n
}

func (p *mjaiParser) deltas(ev *mjaiEvent, pos Pos, res *Result) error {
	if ev.Deltas == nil {
		return nil
	}
	if len(ev.Deltas) != p.players {
		return errorf(Mjai, pos, "%s has %d deltas for %d seats", ev.Type, len(ev.Deltas), p.players)
	}
	for _, d := range ev.Deltas {
		if d < -1<<24 || d > 1<<24 {
			return errorf(Mjai, pos, "%s: delta %d is out of range", ev.Type, d)
		}
	}
	res.Deltas = append([]int(nil), ev.Deltas...)
	if len(ev.Scores) == p.players {
		for i := range ev.Scores {
			res.Scores = append(res.Scores, ev.Scores[i]-ev.Deltas[i])
		}
	}
	return nil
}

func (p *mjaiParser) hora(ev *mjaiEvent, pos Pos) error {
	r := p.round
	who, err := p.actor(ev, pos)
	if err != nil {
		return err
	}
	from, err := p.seatField(ev.Target, "target", ev.Type, pos)
	if err != nil {
		return err
	}
	res := Result{Kind: Ron, Winner: who, From: from, Pao: -1, WinTile: NoTile, Honba: r.Honba, Sticks: p.sticks(), Pos: pos}
	if who == from {
		res.Kind = Tsumo
	}
	if len(r.Results) > 0 && (res.Kind == Tsumo || r.Results[0].Kind != Ron) {
		return errorf(Mjai, pos, "a second result for hand %s, which has ended", r.Name())
	}
	if ev.Pai != "" {
		t, _, err := p.tile(ev.Pai, "pai", pos)
		if err != nil {
			return err
		}
		res.WinTile = t
	}
	for _, name := range ev.UraMarkers {
		t, unknown, err := p.tile(name, "ura_markers", pos)
		if err != nil {
			return err
		}
		if !unknown {
			res.Ura = append(res.Ura, t)
		}
	}
	if ev.Han != nil && ev.Fu != nil {
		res.Valued, res.Han, res.Fu = true, *ev.Han, *ev.Fu
		if ev.Points != nil {
			res.Points = *ev.Points
		}
		if res.Han < 0 || res.Han > 200 || res.Fu < 0 || res.Fu > 200 || res.Points < 0 || res.Points > 1<<24 {
			return errorf(Mjai, pos, "hora: han %d, fu %d, points %d are out of range", res.Han, res.Fu, res.Points)
		}
		res.Limit = limitOf(res.Han, res.Fu)
	}
	for _, y := range ev.Yakus {
		name, _ := y[0].(string)
		han, _ := y[1].(float64)
		res.Yaku = append(res.Yaku, Yaku{ID: -1, Name: clip(name), Han: int(han)})
	}
	if err := p.deltas(ev, pos, &res); err != nil {
		return err
	}
	r.Results = append(r.Results, res)
	return nil
}
