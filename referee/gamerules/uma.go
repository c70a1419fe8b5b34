package gamerules

import (
	"sort"

	"github.com/mjref/mjref/referee/settle"
)

// Places ranks the seats of stacks, first to last: the larger stack first, equal stacks in seat
// order from first, the seat that dealt the game's first hand (Tenhou's 起家優先).
func Places(stacks []settle.Amount, first int) []int {
	n := len(stacks)
	order := make([]int, n)
	for k := range n {
		order[k] = (first + k) % n
	}
	sort.SliceStable(order, func(i, j int) bool { return stacks[order[i]] > stacks[order[j]] })
	return order
}

// UmaResults are each seat's result at the game's end under a return ret and the uma of each
// place (first to last, one per seat), with the seats' places: every place but the first is the
// stack rounded to whole thousands (half a thousand away from zero: 16,500 is 17,000 and -7,500 is
// -8,000), less the return, plus the uma of the place; the first takes what makes the results add
// up to zero, which is its own result plus the oka. This is how Tenhou's logs (mjlog owari) pay
// the end. It returns nil results when uma does not give one place for each seat.
func UmaResults(stacks []settle.Amount, first int, ret settle.Amount, uma []settle.Amount) (places []int, results []settle.Amount) {
	places = Places(stacks, first)
	if len(uma) != len(stacks) || len(stacks) == 0 {
		return places, nil
	}
	results = make([]settle.Amount, len(stacks))
	var rest settle.Amount
	for place, seat := range places {
		if place == 0 {
			continue
		}
		r := RoundThousands(stacks[seat]) - ret + uma[place]
		results[seat] = r
		rest -= r
	}
	results[places[0]] = rest
	return places, results
}

// RoundThousands rounds an amount to whole thousands of points, half a thousand away from zero.
func RoundThousands(a settle.Amount) settle.Amount {
	k := settle.Points(1000)
	if a < 0 {
		return -((-a + k/2) / k * k)
	}
	return (a + k/2) / k * k
}
