# Perceptron Lab's words in German, translated from locales/en/lab.ftl.
# Drafted without a native speaker's review: see the docs' "Add a language" to correct it.

## The step bar's buttons, and the headings over a step

button-step = Schritt →
button-play = Abspielen
button-pause = Pause
button-next-mistake = Nächster Fehler
button-finish-epoch = Epoche beenden
button-run = Bis zur Konvergenz
button-reset = Zurücksetzen
button-clear = Leeren
button-back = ← Zurück
classes-add = Klasse hinzufügen
explain-heading = Dieser Schritt
explain-term-weights = Gewichte
explain-term-score = Score
explain-term-check = Prüfung
explain-term-update = Aktualisierung

## The status panel's terms

status-algorithm = Algorithmus
status-step = Schritt
status-epoch = Epoche
status-sample = Beispiel
status-score = Score
status-result = Ergebnis
status-model = Modell
status-updates = Aktualisierungen
status-state = Zustand
status-points = Punkte
status-accuracy = Genauigkeit
status-averaged = gemittelt

## The step table (the trace panel, and the tables exported for slides)

table-step = Schritt
table-weights = Gewichte
table-score = Score
table-correct = richtig?
table-update = Aktualisierung
table-yes = ja
table-no = nein
table-none = keine

## "This step": one step's arithmetic with its real numbers

explain-title = Schritt { $step }: Beispiel #{ $index } { $point }, y = { $sign }
explain-title-none = Noch kein Schritt: Schritt (→) drücken, um das erste Beispiel zu besuchen.
explain-mistake = y·s = { $margin } ≤ 0 → Fehler
explain-correct = y·s = { $margin } > 0 → richtig
explain-no-update = keine Aktualisierung (Score { $score })

## The line over "This step", and the status's result

step-line = Schritt { $step } · { $sample } · Score { $score } · { $outcome }
step-line-none = Noch kein Schritt: Schritt drücken (→).
outcome-mistake = Fehler → { $update }
outcome-correct = richtig, keine Aktualisierung

## Counts

mistakes = { $count ->
    [one] { $count } Fehler
   *[other] { $count } Fehler
}

## The language menu

language-label = Sprache
language-refused = Die Sprache wurde nicht gewechselt: { $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = Schritt { $step }, Epoche { $epoch }: { $what }. { $after }.
step-brief = Schritt { $step }: { $what }; { $wrong }.
perceptron-spoken-full = Beispiel { $index } bei { $point }, Klasse { $class }, Score { $score }, { $verdict }
perceptron-spoken-brief = Beispiel { $index }, { $verdict }
verdict-mistake = ein Fehler
verdict-correct = richtig
w-becomes = w wird { $w }
boundary-appears = die Grenze erscheint
boundary-vanishes = die Grenze verschwindet (w1 = w2 = 0)
boundary-shifts = die Grenze behält ihre Richtung und verschiebt sich
boundary-flips = die Grenze kippt: w zeigt jetzt in die Gegenrichtung
boundary-turns = die Grenze dreht sich um { $degrees }° { $way ->
    [clockwise] im Uhrzeigersinn
   *[anticlockwise] gegen den Uhrzeigersinn
}
epoch-end = Ende von Epoche { $epoch }.

## How many points are wrong

wrong-brief = { $wrong } von { $n } falsch
wrong-none-of-one = der eine Punkt ist richtig klassifiziert
wrong-none = alle { $n } Punkte sind richtig klassifiziert
wrong-some = { $wrong ->
    [one] { $wrong } von { $n } Punkten liegt { $place }
   *[other] { $wrong } von { $n } Punkten liegen { $place }
}
wrong-place-side = auf der falschen Seite
wrong-place-region = im Gebiet einer anderen Klasse
