package american_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/american"
)

func Example() {
	card, err := american.Compile(american.CardSpec{Name: "house", Lines: []american.LineSpec{
		{ID: "R1", Section: "Consecutive Run", Pattern: []string{"FF XXXa XXXX+1b XXX+2a DDb"}, Value: 25, JokerlessBonus: true},
		{ID: "P1", Section: "Singles and Pairs", Pattern: []string{"EE WW 22a 44a 66b 88b 00"}, Value: 50, Concealed: true},
	}})
	if err != nil {
		fmt.Println(err)
		return
	}
	h := notation.MustParse("ff 333555m [444pJ] WdWd")
	fmt.Println(american.Match(card, &h, nil))

	h = notation.MustParse("ff 33355m [444pJ] WdWd")
	for _, c := range american.Closest(card, &h, notation.Counts{}, 2) {
		if c.Dead {
			fmt.Println(c.Line, c.Need, c.Missing, "dead:", c.Why)
			continue
		}
		fmt.Println(c.Line, c.Need, c.Missing)
	}
	// Output:
	// R1 Consecutive Run 25 exposed = ff 333m 4444p 555m WdWd
	// R1 1 [5m]
	// P1 10 [6m 6m 8m 8m 2p 2p 1z 1z 3z 3z] dead: a concealed line allows no exposure
}
