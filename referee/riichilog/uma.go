package riichilog

import (
	"slices"
	"sort"
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
	n := len(scores)
	order := make([]int, n)
	for k := range n {
		order[k] = (firstDealer + k) % n
	}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] > scores[order[j]] })
	return order
}

// Results are each seat's result after uma and oka under p, in thousands: every place but the
// first is its points rounded to thousands less the return, plus its uma; the first takes the
// rest.
func (p Preset) Results(scores []int, firstDealer int) []float64 {
	n := len(scores)
	if n != len(p.Uma) {
		return nil
	}
	out := make([]float64, n)
	order := Places(scores, firstDealer)
	rest := 0
	for place, seat := range order {
		if place == 0 {
			continue
		}
		r := roundThousands(scores[seat]) - p.Return/1000 + p.Uma[place]
		out[seat] = float64(r)
		rest -= r
	}
	out[order[0]] = float64(rest)
	return out
}

// roundThousands rounds points (whole hundreds) to whole thousands, half a thousand away from
// zero: 16,500 is 17, 16,400 is 16, -7,500 is -8.
func roundThousands(points int) int {
	h := points / 100 // Tenhou's points are whole hundreds
	if h < 0 {
		return -((-h + 5) / 10)
	}
	return (h + 5) / 10
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
