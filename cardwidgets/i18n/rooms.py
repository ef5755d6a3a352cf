"""Shared rooms (``cardwidgets/store/``, ``docs/classroom.md``): every message, English and Russian.

A room is a table shared by several kernels; a store keeps its log of moves.
Names of stores (SQLite, Redis) and addresses are passed in as fields.
"""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    # ----- the room's name, seats and moves -----
    "room.bad_name": {
        "en": 'bad room name "{name}": use 1 to 40 letters a-z, digits, "-" or "_", starting with a letter or digit',
        "ru": "неверное имя стола «{name}»: от 1 до 40 латинских букв, цифр, «-» или «_», первой — буква или цифра",
    },
    "room.bad_seat": {
        "en": "seat {seat} does not exist in {game}: seats are 0 to {last}",
        "ru": "места {seat} в игре «{game}» нет: места — от 0 до {last}",
    },
    "room.seat_taken": {
        "en": "seat {seat} of room {room} is taken by another learner",
        "ru": "место {seat} за столом {room} уже занято другим учеником",
    },
    "room.away_seat": {
        "en": "seat {seat} of room {room} belongs to a learner who is away: a bot plays it until they come back",
        "ru": "место {seat} за столом {room} принадлежит ученику, который отошёл: за него играет бот, пока он не вернётся",
    },
    "room.not_your_seat": {
        "en": "this kernel does not hold seat {seat} of room {room}: join it first",
        "ru": "это ядро не занимает место {seat} за столом {room}: сначала сядьте на него",
    },
    "room.moved_first": {
        "en": "someone moved first: the table has changed, look again and choose",
        "ru": "кто-то сделал ход раньше вас: на столе уже другое положение, посмотрите ещё раз и выберите",
    },
    "room.other_game": {
        "en": "room {room} plays {game}, not {asked}",
        "ru": "за столом {room} играют в «{game}», а не в «{asked}»",
    },
    "room.no_room": {
        "en": "there is no room {room}: its first player creates it by naming the game",
        "ru": "стола {room} нет: его создаёт первый игрок, назвав игру",
    },
    "room.bad_settings": {
        "en": "room {room} cannot be created: {reason}",
        "ru": "стол {room} не удаётся создать: {reason}",
    },
    "room.waiting_start": {
        "en": "Waiting for the learners: seats {seats} not taken yet (the instructor can start room {room} now)",
        "ru": "Ждём учеников: места {seats} ещё не заняты (преподаватель может начать игру за столом {room} сейчас)",
    },
    "room.bad_learner_seats": {
        "en": "learner seats: expected different seat numbers from 0 to {last}, not {seats}",
        "ru": "места учеников: нужны разные номера мест от 0 до {last}, а не {seats}",
    },
    "room.bad_bots": {
        "en": "bots: expected {count} levels, one per seat, each one of {levels}",
        "ru": "боты: нужен уровень для каждого из {count} мест, каждый из: {levels}",
    },
    "room.bad_log": {
        "en": (
            "the log of room {room} was damaged at move {version}: {what}. The room is paused;"
            " the instructor can roll it back to move {good} ({repair})"
        ),
        "ru": (
            "журнал стола {room} повреждён на ходе {version}: {what}. Игра за столом остановлена;"
            " преподаватель может откатить журнал к ходу {good} ({repair})"
        ),
    },
    "room.log_gap": {
        "en": "a move is missing from the log",
        "ru": "в журнале не хватает хода",
    },
    "room.log_lost": {
        "en": "the store holds {count} moves, but this kernel had seen {seen}: the last moves were lost",
        "ru": "в хранилище {count} ходов, а это ядро видело {seen}: последние ходы потеряны",
    },
    "room.log_replay": {
        "en": "the entry does not replay ({error})",
        "ru": "запись не воспроизводится ({error})",
    },
    "room.repaired": {
        "en": "room {room}: the log was rolled back to move {version}",
        "ru": "стол {room}: журнал откачен к ходу {version}",
    },
    "room.log_fine": {
        "en": "room {room}: the log replays to its end (move {version}); nothing to repair",
        "ru": "стол {room}: журнал воспроизводится до конца (ход {version}); исправлять нечего",
    },
    "room.bad_entry": {
        "en": "the entry is not a move of this room",
        "ru": "запись — не ход этого стола",
    },
    "room.not_your_turn": {
        "en": "it is seat {to_act}'s turn, not seat {seat}'s",
        "ru": "сейчас очередь места {to_act}, а не места {seat}",
    },
    "room.deal_not_over": {
        "en": "the deal is not over yet: the next one starts after it",
        "ru": "сдача ещё не кончилась: следующая начнётся после неё",
    },
    "room.match_over": {
        "en": "the game is over: there is no next deal",
        "ru": "партия окончена: следующей сдачи нет",
    },
    "room.bots_fixed": {
        "en": "the bots of room {room} were chosen when it was opened",
        "ru": "ботов стола {room} выбрали, когда стол открыли",
    },
    # ----- the store -----
    "room.unreachable": {
        "en": "the room store {store} cannot be reached: {reason}",
        "ru": "хранилище столов {store} недоступно: {reason}",
    },
    "room.store_full": {
        "en": "the room store {store} is full (no space left): the move was not saved",
        "ru": "хранилище столов {store} переполнено (нет места): ход не сохранён",
    },
    "room.damaged_store": {
        "en": (
            "the room store {store} holds {what} that it did not write (damaged, or edited by hand):"
            " nothing was changed; the instructor must restore the store or open the room again"
        ),
        "ru": (
            "в хранилище столов {store} лежит {what}, которую оно не записывало (повреждена или исправлена"
            " вручную): ничего не изменено; преподаватель должен восстановить хранилище или открыть стол заново"
        ),
    },
    "room.part_meta": {
        "en": "a room's settings",
        "ru": "запись о настройках стола",
    },
    "room.part_seat": {
        "en": "a seat's holder",
        "ru": "запись о месте",
    },
    "room.part_key": {
        "en": "a key of another type",
        "ru": "запись другого типа",
    },
    "room.part_log": {
        "en": "a log entry",
        "ru": "запись журнала",
    },
    "room.store_gone": {
        "en": (
            "the room store file {store} was deleted while this kernel used it: nothing more is saved;"
            " restore the file, or restart the kernels to open the rooms again"
        ),
        "ru": (
            "файл хранилища столов {store} удалили, пока это ядро с ним работало: больше ничего не сохраняется;"
            " верните файл или перезапустите ядра, чтобы открыть столы заново"
        ),
    },
    "room.store_replaced": {
        "en": (
            "the room store file {store} was replaced by another file while this kernel used it:"
            " nothing was changed; restart the kernel to use the new file"
        ),
        "ru": (
            "файл хранилища столов {store} заменили другим, пока это ядро с ним работало:"
            " ничего не изменено; перезапустите ядро, чтобы работать с новым файлом"
        ),
    },
    "room.store_emptied": {
        "en": (
            "the room store file {store} is empty (0 bytes): its rooms are lost;"
            " restore it from a copy, or delete it to start the rooms again"
        ),
        "ru": (
            "файл хранилища столов {store} пуст (0 байт): его столы потеряны;"
            " восстановите его из копии или удалите, чтобы начать столы заново"
        ),
    },
    "room.private_store": {
        "en": (
            'the store "{address}" would be seen by this kernel only, and a room is shared by several kernels:'
            " give a file path or {example}"
        ),
        "ru": (
            "хранилище «{address}» видно только этому ядру, а стол общий для нескольких ядер:"
            " укажите путь к файлу или адрес вида {example}"
        ),
    },
    "room.follow_failed": {
        "en": "this table cannot follow room {room} now ({reason}); it keeps trying",
        "ru": "этот стол сейчас не может следить за столом {room} ({reason}); он продолжает попытки",
    },
    "room.bad_store": {
        "en": 'bad store address "{address}": give a file path or {example}',
        "ru": "неверный адрес хранилища «{address}»: укажите путь к файлу или адрес вида {example}",
    },
    "room.too_many_moves": {
        "en": "room {room} has reached its limit of {limit} moves",
        "ru": "за столом {room} сделано предельное число ходов: {limit}",
    },
    # ----- what a learner reads at the table -----
    "room.memory_caveat": {
        "en": (
            "Room {room}, seat {seat}. In {lab} your kernel holds the whole deal: a learner who reads"
            " the kernel's memory can see every hand. For a fair game, play through the classroom app."
        ),
        "ru": (
            "Стол {room}, место {seat}. В {lab} ваше ядро хранит всю сдачу: кто читает память ядра,"
            " видит все руки. Для честной игры играйте через приложение класса."
        ),
    },
    # ----- the instructor's classroom (widgets/classroom.py) -----
    "classroom.bad_name": {
        "en": (
            'bad class name "{name}": use 1 to 36 letters a-z, digits, "-" or "_", starting with a letter or digit'
            " (its tables' rooms add {suffixes} to it)"
        ),
        "ru": (
            "неверное имя класса «{name}»: от 1 до 36 латинских букв, цифр, «-» или «_», первой — буква или цифра"
            " (к нему добавляется {suffixes} в именах его столов)"
        ),
    },
    "classroom.bad_tables": {
        "en": "tables: expected a whole number from 1 to {limit}",
        "ru": "столов: нужно целое число от 1 до {limit}",
    },
    "classroom.released_bot": {
        "en": "seat {seat} of room {room} is free: a bot plays it until a learner takes it",
        "ru": "место {seat} за столом {room} свободно: за него играет бот, пока его не займёт ученик",
    },
    "classroom.released_learner": {
        "en": "seat {seat} of room {room} is kept for a learner: the next learner who asks for it takes it, and the table waits for them at its turns",
        "ru": "место {seat} за столом {room} оставлено для ученика: его займёт следующий ученик, который его попросит, а стол ждёт его на его ходах",
    },
    "room.hub_unreachable": {
        "en": "{hub} at {url} cannot be reached ({reason}): nobody can be told apart until it answers",
        "ru": "{hub} по адресу {url} недоступен ({reason}): пока он не ответит, пользователей не различить",
    },
    "classroom.title": {
        "en": "Classroom {name}: {game} at {tables} tables, the same deals at every table (seed {seed})",
        "ru": "Класс {name}: «{game}» за {tables} столами, за каждым столом те же сдачи (номер расклада {seed})",
    },
    "classroom.table": {
        "en": "Table {table} ({room}): {seats}; match {scores}; deals played: {deals}",
        "ru": "Стол {table} ({room}): {seats}; счёт партии {scores}; сыграно сдач: {deals}",
    },
    "classroom.learner": {
        "en": "seat {seat}: learner",
        "ru": "место {seat}: ученик",
    },
    "classroom.away": {
        "en": "seat {seat}: learner away, bot ({level}) plays",
        "ru": "место {seat}: ученик отошёл, играет бот ({level})",
    },
    "room.away": {
        "en": "Seat {seats}: the learner is away; a bot plays until they come back",
        "ru": "Место {seats}: ученик отошёл; за него играет бот, пока он не вернётся",
    },
    "classroom.bot": {
        "en": "seat {seat}: bot ({level})",
        "ru": "место {seat}: бот ({level})",
    },
    "classroom.deal": {
        "en": "Deal {deal} at every table:",
        "ru": "Сдача {deal} за всеми столами:",
    },
    "classroom.result": {
        "en": "table {table}: contract {contract}; points {points}; scored {score}",
        "ru": "стол {table}: {contract}; набрано {points}; записано {score}",
    },
    "classroom.contract": {
        "en": "seat {seat}",
        "ru": "играет место {seat}",
    },
    "classroom.contract_bid": {
        "en": "seat {seat}, {bid}",
        "ru": "играет место {seat} ({bid})",
    },
    "classroom.not_played": {
        "en": "table {table}: not finished yet",
        "ru": "стол {table}: ещё не доиграна",
    },
    "classroom.bad_table": {
        "en": "there is no table {table}: the tables are 1 to {last}",
        "ru": "стола {table} нет: столы — от 1 до {last}",
    },
    "classroom.no_deal": {
        "en": "deal {deal} has not been finished at table {table}",
        "ru": "сдача {deal} за столом {table} ещё не доиграна",
    },
    # ----- the room service (cardwidgets/service/) -----
    "room.no_service": {
        "en": "no room service in this {jupyter} server: install {package} in the server's environment and restart it (or open the room with {direct} to play without one)",
        "ru": "в этом сервере {jupyter} нет службы столов: установите {package} в окружение сервера и перезапустите его (или откройте стол с {direct}, чтобы играть без неё)",
    },
    "room.lite": {
        "en": "shared rooms need a {jupyter} server; in {lite} you play against bots",
        "ru": "для общих столов нужен сервер {jupyter}; в {lite} вы играете с ботами",
    },
    "room.service_version": {
        "en": "the room service speaks protocol {service}; this kernel's {package} speaks {kernel}: upgrade it",
        "ru": "служба столов говорит на версии протокола {service}, а {package} в этом ядре — на версии {kernel}: обновите его",
    },
    "room.bad_credential": {
        "en": "this table's pass for seat {seat} of room {room} is not valid now (the seat was taken again from another tab, or the instructor freed it): show the table again to take the seat",
        "ru": "пропуск этого стола на место {seat} за столом {room} сейчас не действует (место заняли заново из другой вкладки или его освободил преподаватель): покажите стол ещё раз, чтобы занять место",
    },
    "room.claim_expired": {
        "en": "the request for a seat expired or was already used: show the table again to ask once more",
        "ru": "запрос места устарел или уже использован: покажите стол ещё раз, чтобы попросить место снова",
    },
    "room.other_tab": {
        "en": "seat {seat} of room {room} is being played in another tab or notebook",
        "ru": "место {seat} за столом {room} уже занято в другой вкладке или тетради",
    },
    "room.taken_over": {
        "en": "seat {seat} of room {room} was taken over in another tab or notebook: this table plays it no more",
        "ru": "место {seat} за столом {room} заняли в другой вкладке или тетради: этот стол за него больше не играет",
    },
    "room.not_learner_seat": {
        "en": "seat {seat} of room {room} is a bot's seat, not a learner's",
        "ru": "место {seat} за столом {room} — место бота, а не ученика",
    },
    "room.paused": {
        "en": "room {room} is paused until the instructor repairs it: {reason}",
        "ru": "игра за столом {room} остановлена, пока преподаватель её не исправит: {reason}",
    },
    "room.store_paused": {
        "en": (
            "room {room} is paused: {reason}. The service tries again in {seconds} s;"
            " the room goes on by itself once the store answers"
        ),
        "ru": (
            "игра за столом {room} приостановлена: {reason}. Служба попробует снова через {seconds} с;"
            " игра продолжится сама, как только хранилище ответит"
        ),
    },
    "room.back": {
        "en": "Seat {seats}: the learner is back",
        "ru": "Место {seats}: ученик вернулся",
    },
    "room.too_fast": {
        "en": "too many calls for this seat: at most {limit} a second; wait a moment and try again",
        "ru": "слишком много обращений за это место: не больше {limit} в секунду; подождите немного и попробуйте снова",
    },
    "room.released": {
        "en": "the instructor released seat {seat} of room {room}: a bot plays it now",
        "ru": "преподаватель освободил место {seat} за столом {room}: теперь за него играет бот",
    },
    "room.waiting_page": {
        "en": "Room {room}, seat {seat}: waiting for this table's page to confirm the seat (show the table)",
        "ru": "Стол {room}, место {seat}: ждём, пока страница этого стола подтвердит место (покажите стол)",
    },
    "room.bad_reply": {
        "en": "the room service sent a reply this kernel cannot read ({what})",
        "ru": "служба столов прислала ответ, который это ядро не может прочитать ({what})",
    },
    "room.bad_action": {
        "en": "bad action: expected a text of 1 to {limit} characters",
        "ru": "неверный ход: нужен текст длиной от 1 до {limit} знаков",
    },
    "room.bad_request": {
        "en": "the room service cannot read this request: {what}",
        "ru": "служба столов не может прочитать этот запрос: {what}",
    },
    "room.hint_slow": {
        "en": "the Hint could not be worked out within {seconds} s of the service's time: choose on your own this time",
        "ru": "подсказку не удалось рассчитать за {seconds} с работы службы: на этот раз решите сами",
    },
    "room.too_big": {
        "en": "the message is longer than the room service reads ({limit} bytes at most): it was not read, nothing changed",
        "ru": "сообщение длиннее, чем читает служба столов (не больше {limit} байт): оно не прочитано, ничего не изменилось",
    },
    "room.request_json": {
        "en": "expected a {json} object of at most {limit} bytes",
        "ru": "нужен объект {json} не больше {limit} байт",
    },
    "room.request_field": {
        "en": 'the field "{field}" is missing or has the wrong type',
        "ru": "поле «{field}» отсутствует или неверного типа",
    },
    "room.not_instructor": {
        "en": "only the instructor may do this (with the room service's admin key)",
        "ru": "это может сделать только преподаватель (с ключом администратора службы столов)",
    },
    "room.not_signed_in": {
        "en": "this page is not signed in to the {jupyter} server: reload it",
        "ru": "эта страница не вошла в сервер {jupyter}: перезагрузите её",
    },
    "room.service_down": {
        "en": "the room service at {url} cannot be reached ({reason})",
        "ru": "служба столов по адресу {url} недоступна ({reason})",
    },
    "room.service_timeout": {
        "en": "the room service did not answer within {seconds} seconds",
        "ru": "служба столов не ответила за {seconds} с",
    },
    "room.too_many_followers": {
        "en": "seat {seat} of room {room} is followed by {limit} tables already",
        "ru": "за местом {seat} за столом {room} уже следят {limit} стола",
    },
    "room.service_failed": {
        "en": "the room service could not answer this request (error {status}); try again, or tell the instructor",
        "ru": "служба столов не смогла ответить на этот запрос (ошибка {status}); попробуйте ещё раз или скажите преподавателю",
    },
    "room.service_busy": {
        "en": "another room service (process {process}) already keeps the rooms of the store {store}: a store has one service; stop that server, or give this one a store of its own ({variable})",
        "ru": "столами хранилища {store} уже ведает другая служба столов (процесс {process}): у хранилища одна служба; остановите тот сервер или дайте этому отдельное хранилище ({variable})",
    },
    "room.seed_admin": {
        "en": "only the instructor may choose a room's seed or its learner seats",
        "ru": "выбрать номер расклада стола или места учеников может только преподаватель",
    },
    # ----- a learner's kernel at the room service (cardwidgets/widgets/remote_table.py) -----
    "room.seat_view_only": {
        "en": "seat {seat} of room {room} holds only its own view while a deal is played: see {where}",
        "ru": "место {seat} за столом {room} видит только свою часть сдачи, пока она играется: смотрите {where}",
    },
}
