# Perceptron Lab's words in French, translated from locales/en/lab.ftl.
# Drafted without a native speaker's review: see the docs' "Add a language" to correct it.

## The step bar's buttons, and the headings over a step

button-step = Étape →
button-play = Lecture
button-pause = Pause
button-next-mistake = Erreur suivante
button-finish-epoch = Finir l’époque
button-run = Jusqu’à convergence
button-reset = Réinitialiser
button-clear = Effacer
button-back = ← Retour
classes-add = Ajouter la classe
explain-heading = Cette étape
explain-term-weights = poids
explain-term-score = score
explain-term-check = vérification
explain-term-update = mise à jour

## The status panel's terms

status-algorithm = Algorithme
status-step = Étape
status-epoch = Époque
status-sample = Échantillon
status-score = Score
status-result = Résultat
status-model = Modèle
status-updates = Mises à jour
status-state = État
status-points = Points
status-accuracy = Exactitude
status-averaged = moyenné

## The step table (the trace panel, and the tables exported for slides)

table-step = étape
table-weights = poids
table-score = score
table-correct = correct ?
table-update = mise à jour
table-yes = oui
table-no = non
table-none = aucune

## "This step": one step's arithmetic with its real numbers

explain-title = Étape { $step } : échantillon n° { $index } { $point }, y = { $sign }
explain-title-none = Aucune étape pour l’instant : appuyez sur Étape (→) pour visiter le premier échantillon.
explain-mistake = y·s = { $margin } ≤ 0 → erreur
explain-correct = y·s = { $margin } > 0 → correct
explain-no-update = pas de mise à jour (score { $score })

## The line over "This step", and the status's result

step-line = Étape { $step } · { $sample } · score { $score } · { $outcome }
step-line-none = Aucune étape pour l’instant : appuyez sur Étape (→).
outcome-mistake = erreur → { $update }
outcome-correct = correct, pas de mise à jour

## Counts

mistakes = { $count ->
    [one] { $count } erreur
    [many] { $count } d’erreurs
   *[other] { $count } erreurs
}

## The language menu

language-label = Langue
language-refused = La langue n’a pas été changée : { $reason }

## Spoken: a step in words (the live region, and the described plot)

step-full = Étape { $step }, époque { $epoch } : { $what }. { $after }.
step-brief = Étape { $step } : { $what } ; { $wrong }.
perceptron-spoken-full = échantillon { $index } en { $point }, classe { $class }, score { $score }, { $verdict }
perceptron-spoken-brief = échantillon { $index }, { $verdict }
verdict-mistake = une erreur
verdict-correct = correct
w-becomes = w devient { $w }
boundary-appears = la frontière apparaît
boundary-vanishes = la frontière disparaît (w1 = w2 = 0)
boundary-shifts = la frontière garde sa direction et se déplace
boundary-flips = la frontière s’inverse : w pointe maintenant dans l’autre sens
boundary-turns = la frontière tourne de { $degrees }° { $way ->
    [clockwise] dans le sens horaire
   *[anticlockwise] dans le sens antihoraire
}
epoch-end = Fin de l’époque { $epoch }.

## How many points are wrong

wrong-brief = { $wrong } sur { $n } faux
wrong-none-of-one = le seul point est bien classé
wrong-none = les { $n } points sont bien classés
wrong-some = { $wrong ->
    [one] { $wrong } point sur { $n } est { $place }
   *[other] { $wrong } points sur { $n } sont { $place }
}
wrong-place-side = du mauvais côté
wrong-place-region = dans la région d’une autre classe
