# Perceptron Lab's words in English: the source every other catalogue translates.
#
# A message's arguments ($step, $count, …) are filled in by the lab; numbers that are
# already written out (vectors, points, scores) arrive as text in the page's number format.
# Keep every message id and argument; translate only the words. See the docs' "Add a
# language".

## The step bar's buttons, and the headings over a step

button-step = Step →
button-play = Play
button-pause = Pause
button-next-mistake = Next mistake
button-finish-epoch = Finish epoch
button-run = Run to convergence
button-reset = Reset
button-clear = Clear
button-back = ← Back
classes-add = Add class
explain-heading = This step
explain-term-weights = weights
explain-term-score = score
explain-term-check = check
explain-term-update = update

## The status panel's terms

status-algorithm = Algorithm
status-step = Step
status-epoch = Epoch
status-sample = Sample
status-score = Score
status-result = Result
status-model = Model
status-updates = Updates
status-state = State
status-points = Points
status-accuracy = Accuracy
status-averaged = averaged

## The step table (the trace panel, and the tables exported for slides)

table-step = step
table-weights = weights
table-score = score
table-correct = correct?
table-update = update
table-yes = yes
table-no = no
table-none = none

## "This step": one step's arithmetic with its real numbers

explain-title = Step { $step }: sample #{ $index } { $point }, y = { $sign }
explain-title-none = No step yet: press Step (→) to visit the first sample.
explain-mistake = y·s = { $margin } ≤ 0 → mistake
explain-correct = y·s = { $margin } > 0 → correct
explain-no-update = no update (score { $score })

## The line over "This step", and the status's result

step-line = Step { $step } · { $sample } · score { $score } · { $outcome }
step-line-none = No step yet: press Step (→).
outcome-mistake = mistake → { $update }
outcome-correct = correct, no update

## Counts

mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}

## The language menu

language-label = Language
language-refused = The language was not changed: { $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = Step { $step }, epoch { $epoch }: { $what }. { $after }.
step-brief = Step { $step }: { $what }; { $wrong }.
perceptron-spoken-full = sample { $index } at { $point }, class { $class }, score { $score }, { $verdict }
perceptron-spoken-brief = sample { $index }, { $verdict }
verdict-mistake = a mistake
verdict-correct = correct
w-becomes = w becomes { $w }
boundary-appears = the boundary appears
boundary-vanishes = the boundary vanishes (w1 = w2 = 0)
boundary-shifts = the boundary keeps its direction and shifts
boundary-flips = the boundary flips: w now points the other way
boundary-turns = the boundary turns { $degrees }° { $way ->
    [clockwise] clockwise
   *[anticlockwise] anticlockwise
}
epoch-end = End of epoch { $epoch }.

## How many points are wrong

wrong-brief = { $wrong } of { $n } wrong
wrong-none-of-one = the one point is classified correctly
wrong-none = all { $n } points are classified correctly
wrong-some = { $wrong ->
    [one] { $wrong } of { $n } points is { $place }
   *[other] { $wrong } of { $n } points are { $place }
}
wrong-place-side = on the wrong side
wrong-place-region = in another class's region
