package points_test

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

func ExampleScoreWinner() {
	h := notation.MustParse("123m777z99m [555p] [789s] 1f 2f*")
	res, err := points.ScoreWinner(&h, scoring.SelfDraw, points.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Reading)
	fmt.Println(res)
	// Output:
	// standard
	// 2350 = regular-set-hidden 600 [123m] + honour-set-hidden 800 [777z] + regular-set-exposed 300 [555p] + regular-set-exposed 300 [789s] + honour-pair 200 [99m] + flower-bonus 50 [1f] + boosted-flower-bonus 100 [2f]
}

func ExampleScoreLoser() {
	h := notation.MustParse("123m456p777z99p5m8s 3f*")
	res, err := points.ScoreLoser(&h, points.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range res.Flowers {
		fmt.Println(f)
	}
	fmt.Println(res.Total)
	// Output:
	// 3f* cancels 5m (+250)
	// 2050
}

func ExampleBirdLanding() {
	flowers := [4][]notation.BonusTile{
		notation.MustParse("1f").Bonus,  // East
		notation.MustParse("2f*").Bonus, // South: already boosted
		nil,                             // West: no flowers
		notation.MustParse("4f 8f").Bonus,
	}
	l, err := points.BirdLanding(flowers, notation.SeatEast, points.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l)
	// Output:
	// lands on N's 4f, now 4f*
}

func ExampleRace() {
	race := points.NewRace(points.Default())
	for _, hand := range [][4]int{{4600, -400, 300, 1800}, {5600, 1000, -200, 2050}} {
		st, err := race.Add(hand, notation.SeatEast)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(st)
	}
	// Output:
	// hand 1: E +4600 (4600) S -400 (-400) W +300 (300) N +1800 (1800)
	// hand 2: E +5600 (10200) S +1000 (600) W -200 (100) N +2050 (3850): E wins
}
