package riichilog

import (
	"slices"

	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
)

// Preset is how a game's end is paid: each player's points, less the return, in thousands, plus
// the uma of their place and the oka (the return less the start, from every seat) to the first.
// Tenhou's results (mjlog owari) are these for every place but the first, each player's points
// rounded to whole thousands first (half a thousand away from zero: 16,500 is 17, -7,500 is -8);
// the first takes what makes the results sum to zero.
type Preset struct {
	// Name names the preset: "tenhou-hanchan", "tenhou-tonpuusen", "tenhou-sanma".
	Name string `json:"name"`
	// Start is each player's points at the start; Return the points a result is counted from.
	Start  int `json:"start"`
	Return int `json:"return"`
	// Uma is the uma of each place, first to last, in thousands of points.
	Uma []int `json:"uma"`
	// Oka is what the first is paid besides its uma, in thousands: (Return - Start) × players.
	Oka int `json:"oka"`
	// Source says where the preset's figures come from.
	Source string `json:"source"`
}

// The presets, Tenhou's ranked lobbies as their logs pay them (each checked on every log of
// ../shared/riichi whose GO type has no bit beyond the eight known ones; see TestCorpusFinal).
var (
	tenhouHanchan = Preset{Name: "tenhou-hanchan", Start: 25000, Return: 30000, Uma: []int{20, 10, -10, -20}, Oka: 20,
		Source: "Tenhou four-player east-south games (GO type bit 0x08): uma 10-20, 30,000 return"}
	tenhouTonpuusen = Preset{Name: "tenhou-tonpuusen", Start: 25000, Return: 30000, Uma: []int{10, 5, -5, -10}, Oka: 20,
		Source: "Tenhou four-player east-only games: uma 5-10, 30,000 return"}
	tenhouSanma = Preset{Name: "tenhou-sanma", Start: 35000, Return: 40000, Uma: []int{20, 0, -20}, Oka: 15,
		Source: "Tenhou three-player games (GO type bit 0x10): uma 0-20, 40,000 return"}
)

// PresetOf is the preset a game's rules select.
func PresetOf(r Rules) Preset {
	switch {
	case r.Players == 3:
		return tenhouSanma
	case r.Hanchan:
		return tenhouHanchan
	}
	return tenhouTonpuusen
}

// Places ranks the seats of scores, first to last: more points first, and equal points in seat
// order from the first dealer (Tenhou's 起家優先).
func Places(scores []int, firstDealer int) []int {
	return gamerules.Places(amounts(scores), firstDealer)
}

// Results are each seat's result after uma and oka under p, in thousands: every place but the
// first is its points rounded to thousands less the return, plus its uma; the first takes the
// rest (gamerules.UmaResults, as a ledger pays a game's end).
func (p Preset) Results(scores []int, firstDealer int) []float64 {
	uma := make([]settle.Amount, len(p.Uma))
	for i, u := range p.Uma {
		uma[i] = settle.Points(int64(u) * 1000)
	}
	_, res := gamerules.UmaResults(amounts(scores), firstDealer, settle.Points(int64(p.Return)), uma)
	if res == nil {
		return nil
	}
	out := make([]float64, len(res))
	for i, r := range res {
		out[i] = float64(r / settle.Points(1000))
	}
	return out
}

// amounts are points as amounts.
func amounts(points []int) []settle.Amount {
	out := make([]settle.Amount, len(points))
	for i, p := range points {
		out[i] = settle.Points(int64(p))
	}
	return out
}

// UmaView is the game's end under its preset: each seat's result after uma and oka as mjref
// reckons it from mjref's final scores, beside the log's (mjlog owari).
type UmaView struct {
	Preset  Preset    `json:"preset"`
	Places  []int     `json:"places"`
	Results []float64 `json:"results"`
	// Agrees is true when the log records results and they equal mjref's (null when it records none).
	Agrees *bool `json:"agrees"`
}

// umaView reckons the results of scores (one per seat at the table) under g's preset.
func umaView(g *Game, scores []int, recorded []float64) *UmaView {
	p := PresetOf(g.Rules)
	if len(scores) != len(p.Uma) {
		return nil
	}
	u := &UmaView{Preset: p, Places: Places(scores, g.FirstDealer), Results: p.Results(scores, g.FirstDealer)}
	if len(recorded) >= len(u.Results) {
		ok := slices.Equal(u.Results, recorded[:len(u.Results)])
		u.Agrees = &ok
	}
	return u
}
